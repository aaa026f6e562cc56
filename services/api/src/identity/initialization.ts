import {
  EmailInputSchema,
  SystemInitialized,
  forceInitializationLines as lines,
  type InitializationCredential,
  type SystemEvent,
} from '@bari/contracts';
import { decideAccessKey, initialAccessKeyState } from './access-key.ts';
import { normalizeEmail } from './email.ts';
import { initialEmailReservationState, type EmailReservationState } from './email-reservation.ts';
import { AlreadyInitialized, EmailAlreadyRegistered } from './errors.ts';
import type { PlannedAppend } from './planned-append.ts';
import { planRegistration, registrationAppends } from './registration.ts';
import { accessKeyStreamId, systemInitializationStreamId, userStreamId } from './streams.ts';
import { decideUser, initialUserState, type RegisteredUser, type UserState } from './user.ts';

// ── Configuration: which accounts ────────────────────────────────────────────────

/** `.local` is reserved (RFC 6762): these placeholders can never reach a real mailbox. */
export const DEFAULT_ADMIN_EMAIL = 'admin@baricare.local';
export const DEFAULT_DEVELOPER_EMAIL = 'dev@baricare.local';

export interface InitializationConfig {
  readonly adminEmail: string;
  readonly developerEmail: string;
}

/**
 * Reads `BARI_ADMIN_EMAIL` and `BARI_DEVELOPER_EMAIL` (normalised), falling back to the
 * defaults. Throws at start-up on an invalid email or on one email for both accounts.
 */
export function readInitializationConfig(
  env: Readonly<Record<string, string | undefined>>,
): InitializationConfig {
  const email = (name: string, fallback: string) => {
    const value = env[name]?.trim() || fallback;
    if (!EmailInputSchema.safeParse(value).success) throw new Error(`${name} is not a valid email: ${value}`);
    return normalizeEmail(value);
  };
  const config = {
    adminEmail: email('BARI_ADMIN_EMAIL', DEFAULT_ADMIN_EMAIL),
    developerEmail: email('BARI_DEVELOPER_EMAIL', DEFAULT_DEVELOPER_EMAIL),
  };
  if (config.adminEmail === config.developerEmail) {
    throw new Error('BARI_ADMIN_EMAIL and BARI_DEVELOPER_EMAIL must differ');
  }
  return config;
}

export interface DefaultAccount {
  readonly role: 'administrator' | 'developer';
  /** Shown with the credentials and given to the account's key. */
  readonly description: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly isAdmin: boolean;
}

/**
 * The two accounts initialization creates, as the /initialize screen lists them before the
 * button is pressed. Both are approved administrators: the developer account exists to
 * maintain the system (debug, migrations, data fixes are administrator routes), and two
 * administrators mean losing one key never locks the service out.
 */
export function defaultAccounts(config: InitializationConfig): readonly DefaultAccount[] {
  return [
    {
      role: 'administrator',
      description: 'Administrador do sistema',
      email: config.adminEmail,
      firstName: 'Administrador',
      lastName: 'do Sistema',
      isAdmin: true,
    },
    {
      role: 'developer',
      description: 'Desenvolvedor',
      email: config.developerEmail,
      firstName: 'Desenvolvedor',
      lastName: 'do Sistema',
      isAdmin: true,
    },
  ];
}

// ── System stream (`system-initialization`) ──────────────────────────────────────

export interface SystemState {
  readonly initialized: boolean;
}

export const initialSystemState = (): SystemState => ({ initialized: false });

export const evolveSystem = (_state: SystemState, _event: SystemEvent): SystemState => ({
  initialized: true,
});

// ── Plans ─────────────────────────────────────────────────────────────────────────

/** An account to create, with the fresh ids and key the handler generated for it. */
export interface AccountSeed {
  readonly account: DefaultAccount;
  readonly userId: string;
  readonly keyId: string;
  /** From `generateAccessKey()`: shown once in `credentials`, only hashed in events. */
  readonly accessKey: string;
}

export interface InitializationInput {
  /** The folded `system-initialization` stream. */
  readonly system: SystemState;
  /** Users in the users read model, deleted ones excluded. */
  readonly usersCount: number;
  readonly seeds: readonly AccountSeed[];
  readonly now: string;
}

export interface InitializationPlan {
  readonly appends: readonly PlannedAppend[];
  readonly credentials: readonly InitializationCredential[];
  /** The default accounts created or verified (the handler then lists their administrators). */
  readonly accounts: readonly { readonly userId: string; readonly email: string }[];
}

/**
 * `POST /api/initialize`: allowed only while the system has never been initialized and no
 * user exists. Each account is approved and gets one new key bound to it.
 *
 * `SystemInitialized` is appended first with `no_stream`: it is the lock. Of two concurrent
 * initializations both seeing zero users, only one gets past it. If the process dies after
 * it, the system counts as initialized with accounts missing, and force-initialization
 * completes them.
 */
export function planInitialization({
  system,
  usersCount,
  seeds,
  now,
}: InitializationInput): InitializationPlan {
  if (system.initialized || usersCount > 0) throw new AlreadyInitialized();
  const appends: PlannedAppend[] = [
    {
      streamId: systemInitializationStreamId,
      expected: 'no_stream',
      events: [SystemInitialized.create({ forced: false, accounts: accountsOf(seeds) })],
    },
  ];
  const credentials: InitializationCredential[] = [];
  for (const seed of seeds) {
    const registration = planAccountRegistration(
      seed,
      initialEmailReservationState(),
      initialUserState(),
      now,
    );
    // Nothing can exist yet: every stream is new.
    appends.push(
      ...registrationAppends(registration).map((append) => ({ ...append, expected: 'no_stream' as const })),
    );
    appends.push(issueBoundKey(seed, registration.user, now));
    credentials.push(credentialOf(seed));
  }
  return { appends, credentials, accounts: accountsOf(seeds) };
}

/** An account seed with what the handler found for its email. */
export interface ForceAccountSeed extends AccountSeed {
  /** The folded `user-email-<email>` stream. */
  readonly emailReservation: EmailReservationState;
  /** The folded stream of the reservation's holder: the account with this email, if any. */
  readonly holder: UserState;
}

export interface ForceInitializationPlan extends InitializationPlan {
  /** 'Inicialização Forçada' report, one Portuguese line per step. */
  readonly results: readonly string[];
}

/**
 * `POST /api/force-initialize` (administrator or setup token only): create or verify each
 * default account whatever the state. A missing account is created approved; an existing one
 * is kept and approved if it was not. Either way the account gets a new key bound to it, since
 * no existing key can be shown again. `SystemInitialized` (forced) is recorded last.
 */
export function planForceInitialization({
  seeds,
  now,
}: {
  readonly seeds: readonly ForceAccountSeed[];
  readonly now: string;
}): ForceInitializationPlan {
  const appends: PlannedAppend[] = [];
  const credentials: InitializationCredential[] = [];
  const results: string[] = [];
  const accounts: { userId: string; email: string }[] = [];

  for (const seed of seeds) {
    const email = normalizeEmail(seed.account.email);
    let user: RegisteredUser;
    if (seed.holder.kind === 'Registered') {
      user = seed.holder.user;
      results.push(lines.userVerified(email));
      if (user.status !== 'approved') {
        const approval = decideUser(
          {
            type: 'ChangeUserStatus',
            // Approving checks no actor.
            data: { userId: user.id, status: 'approved', actorUserId: null },
          },
          seed.holder,
        );
        appends.push({ streamId: userStreamId(user.id), expected: 'as_read', events: approval });
        user = { ...user, status: 'approved' };
        results.push(lines.userApproved(email));
      }
      if (seed.account.isAdmin && !user.isAdmin) results.push(lines.notAdministrator(email));
    } else {
      try {
        const registration = planAccountRegistration(seed, seed.emailReservation, seed.holder, now);
        appends.push(...registrationAppends(registration));
        user = registration.user;
        results.push(lines.userCreated(email));
      } catch (error) {
        if (!(error instanceof EmailAlreadyRegistered)) throw error;
        results.push(lines.userUnavailable(email));
        continue;
      }
    }
    appends.push(issueBoundKey(seed, user, now));
    credentials.push(credentialOf(seed));
    results.push(lines.keyCreated(email));
    accounts.push({ userId: user.id, email: user.email });
  }

  appends.push({
    streamId: systemInitializationStreamId,
    expected: 'any',
    events: [SystemInitialized.create({ forced: true, accounts })],
  });
  results.push(lines.done);
  return { appends, credentials, results, accounts };
}

// ── Helpers ───────────────────────────────────────────────────────────────────────

function planAccountRegistration(
  seed: AccountSeed,
  emailReservation: EmailReservationState,
  holder: UserState,
  now: string,
) {
  const { account } = seed;
  return planRegistration({
    command: {
      type: 'RegisterUser',
      data: {
        userId: seed.userId,
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        isAdmin: account.isAdmin,
        source: 'initialization',
      },
    },
    emailReservation,
    holder,
    now,
  });
}

function issueBoundKey(seed: AccountSeed, user: RegisteredUser, now: string): PlannedAppend {
  const events = decideAccessKey(
    {
      type: 'IssueAccessKey',
      data: {
        keyId: seed.keyId,
        accessKey: seed.accessKey,
        description: seed.account.description,
        expiresAt: null,
        now,
        bindTo: { userId: user.id, user: { kind: 'Registered', user } },
      },
    },
    initialAccessKeyState(),
  );
  return { streamId: accessKeyStreamId(seed.keyId), expected: 'no_stream', events };
}

function credentialOf(seed: AccountSeed): InitializationCredential {
  return {
    description: seed.account.description,
    email: normalizeEmail(seed.account.email),
    accessKey: seed.accessKey,
  };
}

function accountsOf(seeds: readonly AccountSeed[]) {
  return seeds.map((seed) => ({ userId: seed.userId, email: normalizeEmail(seed.account.email) }));
}
