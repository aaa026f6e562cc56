import { identityErrorMessages as messages } from '@bari/contracts';
import { DomainError } from '../shared/domain-error.ts';

/**
 * A rule of the identity domain refused a command. The message is Portuguese and safe to
 * show; `kind` lets the outer error handler choose the HTTP status (only it knows them) and
 * `code` names the rule for clients, logs and tests.
 */
export abstract class IdentityError extends DomainError {}

/**
 * Any refused login, whatever the cause: unknown email, wrong, inactive or expired key, or a
 * key of someone else. One message so a caller learns nothing about which part was wrong.
 */
export class InvalidCredentials extends IdentityError {
  constructor() {
    super('unauthenticated', messages.invalidCredentials, 'INVALID_CREDENTIALS');
  }
}

export class EmailAlreadyRegistered extends IdentityError {
  constructor(readonly email: string) {
    super('conflict', messages.emailAlreadyRegistered, 'EMAIL_ALREADY_REGISTERED');
  }
}

/** An administrator tried to delete or reject their own account. */
export class CannotRemoveSelf extends IdentityError {
  constructor(readonly action: 'delete' | 'reject') {
    super(
      'invalid',
      action === 'delete' ? messages.cannotDeleteSelf : messages.cannotRejectSelf,
      'CANNOT_REMOVE_SELF',
    );
  }
}

/**
 * An administrator tried to deactivate the key their session was opened with: with no other
 * key, the last administrator would lock everyone out of the administration for good.
 */
export class CannotDeactivateOwnKey extends IdentityError {
  constructor() {
    super('invalid', messages.cannotDeactivateOwnKey, 'CANNOT_DEACTIVATE_OWN_KEY');
  }
}

/**
 * The actor's administration ended while their request was under way: another administrator
 * removed them or deactivated the key they signed in with. Their session is over (401).
 */
export class AdministrationRevoked extends IdentityError {
  constructor() {
    super('unauthenticated', messages.administrationRevoked, 'ADMINISTRATION_REVOKED');
  }
}

/** The command would leave no approved administrator. */
export class LastAdministrator extends IdentityError {
  constructor(readonly action: 'delete' | 'reject') {
    super(
      'conflict',
      action === 'delete' ? messages.lastAdministratorDelete : messages.lastAdministratorReject,
      'LAST_ADMINISTRATOR',
    );
  }
}

export class AlreadyInitialized extends IdentityError {
  constructor() {
    super('conflict', messages.alreadyInitialized, 'ALREADY_INITIALIZED');
  }
}

export class UserNotFound extends IdentityError {
  constructor(readonly userId: string) {
    super('not_found', messages.userNotFound, 'USER_NOT_FOUND');
  }
}

/** A registration reused an id whose stream already holds a user (a retried or buggy command). */
export class UserAlreadyExists extends IdentityError {
  constructor(readonly userId: string) {
    super('conflict', messages.userAlreadyExists, 'USER_ALREADY_EXISTS');
  }
}

export class AccessKeyNotFound extends IdentityError {
  constructor(readonly keyId: string) {
    super('not_found', messages.accessKeyNotFound, 'ACCESS_KEY_NOT_FOUND');
  }
}

export class AccessKeyAlreadyIssued extends IdentityError {
  constructor(readonly keyId: string) {
    super('conflict', messages.accessKeyAlreadyIssued, 'ACCESS_KEY_ALREADY_ISSUED');
  }
}

/** 'Nova Chave' sent again with the same `Idempotency-Key`: the key exists, and is not shown again. */
export class AccessKeyIssuedBefore extends IdentityError {
  constructor(
    readonly keyId: string,
    readonly keyPrefix: string,
  ) {
    super('conflict', messages.accessKeyIssuedBefore(keyPrefix), 'ACCESS_KEY_ISSUED_BEFORE');
  }
}

export class AccessKeyExpiryInPast extends IdentityError {
  constructor() {
    super('invalid', messages.accessKeyExpiryInPast, 'ACCESS_KEY_EXPIRY_IN_PAST');
  }
}
