import { identityErrorMessages as messages } from '@bari/contracts';
import { DomainError } from '../shared/domain-error.ts';

/**
 * A rule of the identity domain refused a command. The message is Portuguese and safe to
 * show; `kind` lets the outer error handler choose the HTTP status (only it knows them) and
 * `code` names the rule for logs and tests.
 */
export abstract class IdentityError extends DomainError {
  abstract readonly code: string;
}

/**
 * Any refused login, whatever the cause: unknown email, wrong, inactive or expired key, or a
 * key of someone else. One message so a caller learns nothing about which part was wrong.
 */
export class InvalidCredentials extends IdentityError {
  readonly code = 'INVALID_CREDENTIALS';
  constructor() {
    super('unauthenticated', messages.invalidCredentials);
  }
}

export class EmailAlreadyRegistered extends IdentityError {
  readonly code = 'EMAIL_ALREADY_REGISTERED';
  constructor(readonly email: string) {
    super('conflict', messages.emailAlreadyRegistered);
  }
}

/** An administrator tried to delete or reject their own account. */
export class CannotRemoveSelf extends IdentityError {
  readonly code = 'CANNOT_REMOVE_SELF';
  constructor(readonly action: 'delete' | 'reject') {
    super('invalid', action === 'delete' ? messages.cannotDeleteSelf : messages.cannotRejectSelf);
  }
}

/** The command would leave no approved administrator. */
export class LastAdministrator extends IdentityError {
  readonly code = 'LAST_ADMINISTRATOR';
  constructor(readonly action: 'delete' | 'reject') {
    super(
      'conflict',
      action === 'delete' ? messages.lastAdministratorDelete : messages.lastAdministratorReject,
    );
  }
}

export class AlreadyInitialized extends IdentityError {
  readonly code = 'ALREADY_INITIALIZED';
  constructor() {
    super('conflict', messages.alreadyInitialized);
  }
}

export class UserNotFound extends IdentityError {
  readonly code = 'USER_NOT_FOUND';
  constructor(readonly userId: string) {
    super('not_found', messages.userNotFound);
  }
}

/** A registration reused an id whose stream already holds a user (a retried or buggy command). */
export class UserAlreadyExists extends IdentityError {
  readonly code = 'USER_ALREADY_EXISTS';
  constructor(readonly userId: string) {
    super('conflict', messages.userAlreadyExists);
  }
}

export class AccessKeyNotFound extends IdentityError {
  readonly code = 'ACCESS_KEY_NOT_FOUND';
  constructor(readonly keyId: string) {
    super('not_found', messages.accessKeyNotFound);
  }
}

export class AccessKeyAlreadyIssued extends IdentityError {
  readonly code = 'ACCESS_KEY_ALREADY_ISSUED';
  constructor(readonly keyId: string) {
    super('conflict', messages.accessKeyAlreadyIssued);
  }
}

export class AccessKeyExpiryInPast extends IdentityError {
  readonly code = 'ACCESS_KEY_EXPIRY_IN_PAST';
  constructor() {
    super('invalid', messages.accessKeyExpiryInPast);
  }
}
