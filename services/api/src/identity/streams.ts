import { normalizeEmail } from './email.ts';

/** One stream per user: registration, status changes, deletion, logouts. */
export const userStreamId = (userId: string) => `user-${userId}`;

/**
 * The uniqueness guard of an email: whoever appends the first `EmailReserved` to it (at the
 * revision they read, `no_stream` the first time) owns the email. See `email-reservation.ts`.
 */
export const emailReservationStreamId = (email: string) => `user-email-${normalizeEmail(email)}`;

/** One stream per access key: issue, binding, deactivation and every successful login. */
export const accessKeyStreamId = (keyId: string) => `access-key-${keyId}`;

/** Its first `SystemInitialized`, appended with `no_stream`, lets initialization happen once. */
export const systemInitializationStreamId = 'system-initialization';

/**
 * The approved administrators, one stream for all: every change that adds or removes one is
 * appended at the revision read, so the last-administrator rule holds under concurrency.
 */
export const administratorRosterStreamId = 'administrators';

/**
 * Where a refused login is recorded: a stream of its own (`no_stream`), so failures never
 * touch an aggregate's revision or grow a fold. `attemptId` is a random id drawn for each
 * attempt, not the correlation id: a caller may repeat that (`X-Request-Id`), and a refusal's
 * stream must be new. The correlation id is in the event's metadata.
 */
export const loginFailureStreamId = (attemptId: string) => `login-failure-${attemptId}`;
