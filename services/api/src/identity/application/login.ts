import { LoginFailed, type EventMetadata } from '@bari/contracts';
import { hashAccessKey } from '../access-key-secret.ts';
import { initialAccessKeyState } from '../access-key.ts';
import { normalizeEmail } from '../email.ts';
import { executePlan } from '../execute-plan.ts';
import { decideLogin, type LoginSession } from '../login-policy.ts';
import type { RegisteredUser } from '../user.ts';
import { StreamReads } from '../../shared/stream-reads.ts';
import { retryOnConflict } from '../../shared/retry-on-conflict.ts';
import type { IdentityServices } from './identity-services.ts';
import { readAccessKey, readEmailHolder } from './read-streams.ts';
import { newId } from '../../shared/new-id.ts';
import { loginFailureStreamId } from '../streams.ts';

export interface LoginInput {
  readonly email: string;
  /** As typed. Hashed to find the key; never logged, never stored. */
  readonly accessKey: string;
  readonly now: Date;
  /** Metadata of the events to append: the signing-in user, or null for a refusal. */
  readonly metadataFor: (user: { id: string; email: string } | null) => EventMetadata;
}

/** A login that succeeded: the session to open, and the account as the decision leaves it. */
export interface SignedIn {
  readonly session: LoginSession;
  readonly user: RegisteredUser;
}

/**
 * `POST /api/auth/login`: finds the typed key by its hash, reads the key, the email's
 * reservation and the account holding it, lets `decideLogin` decide, and appends what it
 * planned (the login, or the refusal for the audit trail). Returns the session to open and
 * the account (from the streams, not the read model, so a lagging projection cannot fail a
 * login that was recorded), or throws `InvalidCredentials` for every refusal.
 */
/**
 * The throttle's lockout of an address, for the audit trail: a `LoginFailed` ('too_many_attempts',
 * the address in its metadata) for the attempt that began it, in a stream of its own as every
 * refusal. Only that one: the attempts refused after it write nothing.
 */
export async function recordLoginLockout(
  services: IdentityServices,
  email: string,
  metadata: EventMetadata,
): Promise<void> {
  const event = LoginFailed.create({
    email: normalizeEmail(email),
    reason: 'too_many_attempts',
    keyId: null,
  });
  await services.deps.eventStore.appendToStream(
    loginFailureStreamId(newId()),
    [{ id: newId(), ...event, metadata }],
    'no_stream',
  );
}

export async function logIn(services: IdentityServices, input: LoginInput): Promise<SignedIn> {
  // A concurrent login with the same key moved its stream: decide again on fresh state.
  return retryOnConflict(() => decideAndRecord(services, input));
}

async function decideAndRecord(services: IdentityServices, input: LoginInput): Promise<SignedIn> {
  const { deps, accessKeys } = services;
  const reads = new StreamReads(deps.eventStore);
  const email = normalizeEmail(input.email);
  const keyId = await accessKeys.findIdByHash(hashAccessKey(input.accessKey));
  const key = keyId ? await readAccessKey(reads, keyId) : initialAccessKeyState();
  const { emailReservation, holder } = await readEmailHolder(reads, email);
  const decision = decideLogin({
    email,
    presentedKey: input.accessKey,
    key,
    emailReservation,
    account: holder,
    newUserId: newId(),
    // Names the refusal's stream, `login-failure-<attemptId>`. Not the correlation id: a caller
    // may repeat that (X-Request-Id), and a refusal's stream must be new.
    attemptId: newId(),
    now: input.now.toISOString(),
  });
  if (decision.outcome === 'refused') {
    await executePlan(deps, reads, decision.appends, input.metadataFor(null));
    throw decision.error;
  }
  const { session, user } = decision;
  await executePlan(
    deps,
    reads,
    decision.appends,
    input.metadataFor({ id: session.userId, email: session.email }),
  );
  return { session, user };
}
