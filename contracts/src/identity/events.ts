import { z } from 'zod';
import { defineEvent } from '../events/define-event.ts';
import {
  AccessKeyHashSchema,
  AccessKeyIdSchema,
  AccessKeyPrefixSchema,
  IsoInstantSchema,
  UserIdSchema,
  UserStatusSchema,
} from './values.ts';

/*
 * Identity events. Who acted, from where and when travels in the event metadata, not here.
 *
 * Secrets: no event ever holds an access key or anything it can be recovered from. A key is
 * represented by its SHA-256 hash (to find it at login) and its first 8 characters (to show
 * it). A fast unsalted hash is right here, unlike for passwords: keys are ≥ 128-bit random
 * strings (we generate 256 bits), so no dictionary or brute force can invert the hash, and
 * an unsalted hash is what lets the server find a key by hashing what was typed. Slow
 * password hashes (bcrypt, argon2) only protect low-entropy secrets people choose.
 *
 * Emails in events are normalised (trimmed, lower case): the identity of an account.
 */

const NormalisedEmailSchema = z.string().email();

// ── User aggregate (`user-<userId>`) ───────────────────────────────────────────────

const ApprovedRegistrationSchema = z.object({
  /** Created by an administrator ('Adicionar Usuário') or by system initialization. */
  source: z.enum(['administrator', 'initialization']),
  userId: UserIdSchema,
  email: NormalisedEmailSchema,
  firstName: z.string(),
  lastName: z.string(),
  isAdmin: z.boolean(),
  status: z.literal('approved'),
});

const RequestedRegistrationSchema = z.object({
  /** The first sign-in of an email without account, with an unbound (invitation) key. */
  source: z.literal('access_key_invitation'),
  userId: UserIdSchema,
  email: NormalisedEmailSchema,
  firstName: z.null(),
  lastName: z.null(),
  isAdmin: z.literal(false),
  status: z.literal('pending'),
  accessKeyId: AccessKeyIdSchema,
});

export const UserRegistered = defineEvent(
  'UserRegistered',
  z.discriminatedUnion('source', [ApprovedRegistrationSchema, RequestedRegistrationSchema]),
);
export type UserRegistered = ReturnType<typeof UserRegistered.create>;

export const UserStatusChanged = defineEvent(
  'UserStatusChanged',
  z.object({
    userId: UserIdSchema,
    email: NormalisedEmailSchema,
    from: UserStatusSchema,
    to: z.enum(['approved', 'rejected']),
  }),
);
export type UserStatusChanged = ReturnType<typeof UserStatusChanged.create>;

export const UserDeleted = defineEvent(
  'UserDeleted',
  z.object({ userId: UserIdSchema, email: NormalisedEmailSchema }),
);
export type UserDeleted = ReturnType<typeof UserDeleted.create>;

/** The session was ended by its user. Appended to the user's stream with `any`. */
export const UserLoggedOut = defineEvent(
  'UserLoggedOut',
  z.object({ userId: UserIdSchema, email: NormalisedEmailSchema }),
);
export type UserLoggedOut = ReturnType<typeof UserLoggedOut.create>;

// ── Email reservation (`user-email-<normalised email>`) ────────────────────────────

/** The email now identifies this user; a second account with it is refused. */
export const EmailReserved = defineEvent(
  'EmailReserved',
  z.object({ email: NormalisedEmailSchema, userId: UserIdSchema, reservedAt: IsoInstantSchema }),
);
export type EmailReserved = ReturnType<typeof EmailReserved.create>;

/**
 * The email is free again: its user was deleted, or the reservation was orphaned (the user
 * stream was never written after the reservation, e.g. a crash between the two appends).
 */
export const EmailReleased = defineEvent(
  'EmailReleased',
  z.object({
    email: NormalisedEmailSchema,
    userId: UserIdSchema,
    reason: z.enum(['user_deleted', 'orphaned']),
  }),
);
export type EmailReleased = ReturnType<typeof EmailReleased.create>;

// ── Access-key aggregate (`access-key-<keyId>`) ───────────────────────────────────

export const AccessKeyIssued = defineEvent(
  'AccessKeyIssued',
  z.object({
    keyId: AccessKeyIdSchema,
    keyHash: AccessKeyHashSchema,
    keyPrefix: AccessKeyPrefixSchema,
    description: z.string(),
    expiresAt: IsoInstantSchema.nullable(),
    /** Null: an invitation, bound on its first use by an email without account. */
    boundUserId: UserIdSchema.nullable(),
  }),
);
export type AccessKeyIssued = ReturnType<typeof AccessKeyIssued.create>;

/** An invitation key now belongs to the user its first use registered. */
export const AccessKeyBound = defineEvent(
  'AccessKeyBound',
  z.object({ keyId: AccessKeyIdSchema, userId: UserIdSchema }),
);
export type AccessKeyBound = ReturnType<typeof AccessKeyBound.create>;

export const AccessKeyDeactivated = defineEvent(
  'AccessKeyDeactivated',
  z.object({
    keyId: AccessKeyIdSchema,
    /** `replaced_by_initialization`: a default account's previous key, on force-initialization. */
    reason: z.enum(['administrator', 'user_deleted', 'replaced_by_initialization']),
  }),
);
export type AccessKeyDeactivated = ReturnType<typeof AccessKeyDeactivated.create>;

/**
 * A successful sign-in. It lives in the key's stream: it is one use of the key (the usage
 * count is a fold of these), and appending it at the revision the login was decided on
 * makes a login lose any race with a concurrent deactivation.
 */
export const UserLoggedIn = defineEvent(
  'UserLoggedIn',
  z.object({
    userId: UserIdSchema,
    email: NormalisedEmailSchema,
    keyId: AccessKeyIdSchema,
    /** False when the user is pending or rejected and the session is confined. */
    approved: z.boolean(),
  }),
);
export type UserLoggedIn = ReturnType<typeof UserLoggedIn.create>;

/** Why a login was refused. For the audit trail only: the caller always sees one message. */
export const LOGIN_FAILURE_REASONS = [
  'unknown_key',
  'key_inactive',
  'key_expired',
  'key_bound_to_another_account',
  'unbound_key_for_existing_account',
  'email_unavailable',
  // Not a decision on the key: the address (IP) ran out of failed attempts in the window. One
  // event when it first does, not one per attempt refused after (the log is never trimmed).
  'too_many_attempts',
] as const;
export const LoginFailureReasonSchema = z.enum(LOGIN_FAILURE_REASONS);
export type LoginFailureReason = z.infer<typeof LoginFailureReasonSchema>;

/**
 * A refused login, for the audit trail. It carries nothing typed as the key — no prefix, no
 * hash: a mistyped real key would leak part of itself. `keyId` names a stored key only when
 * the presented key matched one (a real key used with another email). `email` is the
 * normalised email that was typed, which may belong to nobody.
 */
export const LoginFailed = defineEvent(
  'LoginFailed',
  z.object({
    email: z.string().max(254),
    reason: LoginFailureReasonSchema,
    keyId: AccessKeyIdSchema.nullable(),
  }),
);
export type LoginFailed = ReturnType<typeof LoginFailed.create>;

// ── System (`system-initialization`) ──────────────────────────────────────────────

export const SystemInitialized = defineEvent(
  'SystemInitialized',
  z.object({
    /** True for 'Inicialização Forçada' (create or verify), false for the first initialization. */
    forced: z.boolean(),
    accounts: z.array(z.object({ userId: UserIdSchema, email: NormalisedEmailSchema })),
  }),
);
export type SystemInitialized = ReturnType<typeof SystemInitialized.create>;

// ── Administrator roster (`administrators`) ───────────────────────────────────────

/**
 * The roster of approved administrators: one stream, appended at the revision read by every
 * change that makes someone an approved administrator or stops them being one, so two
 * concurrent removals cannot both leave the other as the last one standing.
 */
export const AdministratorAppointed = defineEvent(
  'AdministratorAppointed',
  z.object({ userId: UserIdSchema }),
);
export type AdministratorAppointed = ReturnType<typeof AdministratorAppointed.create>;

export const AdministratorRemoved = defineEvent(
  'AdministratorRemoved',
  z.object({ userId: UserIdSchema, reason: z.enum(['rejected', 'deleted']) }),
);
export type AdministratorRemoved = ReturnType<typeof AdministratorRemoved.create>;

/**
 * An administrator deactivated another approved administrator's key. Listed in the roster
 * (before the key's own `AccessKeyDeactivated`) so that two administrators who deactivate each
 * other's keys at the same moment cannot both succeed: whoever decides second sees their own
 * key withdrawn and is refused.
 */
export const AdministratorKeyWithdrawn = defineEvent(
  'AdministratorKeyWithdrawn',
  z.object({ userId: UserIdSchema, keyId: AccessKeyIdSchema }),
);
export type AdministratorKeyWithdrawn = ReturnType<typeof AdministratorKeyWithdrawn.create>;

// ── Unions ────────────────────────────────────────────────────────────────────────

export type UserEvent = UserRegistered | UserStatusChanged | UserDeleted | UserLoggedOut;
export type EmailReservationEvent = EmailReserved | EmailReleased;
export type AccessKeyEvent = AccessKeyIssued | AccessKeyBound | AccessKeyDeactivated | UserLoggedIn;
export type SystemEvent = SystemInitialized;
export type AdministratorRosterEvent =
  AdministratorAppointed | AdministratorRemoved | AdministratorKeyWithdrawn;
export type IdentityEvent =
  UserEvent | EmailReservationEvent | AccessKeyEvent | SystemEvent | LoginFailed | AdministratorRosterEvent;

/** Every identity event type, for parsers and projectors. */
export const identityEvents = [
  UserRegistered,
  UserStatusChanged,
  UserDeleted,
  UserLoggedOut,
  EmailReserved,
  EmailReleased,
  AccessKeyIssued,
  AccessKeyBound,
  AccessKeyDeactivated,
  UserLoggedIn,
  LoginFailed,
  SystemInitialized,
  AdministratorAppointed,
  AdministratorRemoved,
  AdministratorKeyWithdrawn,
] as const;

/** Parses the events of one stream kind (for folding an aggregate); other types fail. */
export const UserEventSchema = z.discriminatedUnion('type', [
  UserRegistered.schema,
  UserStatusChanged.schema,
  UserDeleted.schema,
  UserLoggedOut.schema,
]);
export const EmailReservationEventSchema = z.discriminatedUnion('type', [
  EmailReserved.schema,
  EmailReleased.schema,
]);
export const AccessKeyEventSchema = z.discriminatedUnion('type', [
  AccessKeyIssued.schema,
  AccessKeyBound.schema,
  AccessKeyDeactivated.schema,
  UserLoggedIn.schema,
]);
export const SystemEventSchema = SystemInitialized.schema;
export const AdministratorRosterEventSchema = z.discriminatedUnion('type', [
  AdministratorAppointed.schema,
  AdministratorRemoved.schema,
  AdministratorKeyWithdrawn.schema,
]);

/** Parses any identity event `{type, data}`; unknown types fail. */
export const IdentityEventSchema = z.discriminatedUnion('type', [
  UserRegistered.schema,
  UserStatusChanged.schema,
  UserDeleted.schema,
  UserLoggedOut.schema,
  EmailReserved.schema,
  EmailReleased.schema,
  AccessKeyIssued.schema,
  AccessKeyBound.schema,
  AccessKeyDeactivated.schema,
  UserLoggedIn.schema,
  LoginFailed.schema,
  SystemInitialized.schema,
  AdministratorAppointed.schema,
  AdministratorRemoved.schema,
  AdministratorKeyWithdrawn.schema,
]);
