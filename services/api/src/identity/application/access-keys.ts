import type { AccessKeyListItem, CreateAccessKeyRequest, CreatedAccessKey } from '@bari/contracts';
import { generateAccessKey } from '../access-key-secret.ts';
import { decideAccessKey, evolveAccessKey, type AccessKeyState } from '../access-key.ts';
import { AccessKeyIssuedBefore, AccessKeyNotFound, CannotDeactivateOwnKey } from '../errors.ts';
import { IdempotencyKeyReused } from '../../shared/idempotency-key-reused.ts';
import { WrongExpectedVersion } from '@bari/event-store';
import { executePlan } from '../execute-plan.ts';
import { StreamReads } from '../../shared/stream-reads.ts';
import { accessKeyStreamId, administratorRosterStreamId } from '../streams.ts';
import { planRosterKeyWithdrawal, rosterActorOf } from '../administrator-roster.ts';
import type { PlannedAppend } from '../planned-append.ts';
import type { IdentityServices } from './identity-services.ts';
import { readAccessKey, readRoster, readUser, withRosterSeed } from './read-streams.ts';
import type { Actor } from './users.ts';
import { accessKeyListItem } from './views.ts';
import { newId } from '../../shared/new-id.ts';
import { retryOnConflict, streamMoved } from '../../shared/retry-on-conflict.ts';

/**
 * 'Nova Chave': a new random key, bound to `userId` when given (else an invitation). The full
 * key is in this answer and nowhere else: events and read models keep its hash and prefix.
 * The answer is built from the decision, so a lagging read model cannot lose the key.
 *
 * With an `Idempotency-Key` (`commandId`), the key's id is the command's: a retry after a lost
 * answer finds the key issued and is refused (`AccessKeyIssuedBefore`, 409), never answered with
 * a second active key that nobody saw. The first key cannot be shown again (only its hash is
 * kept): the refusal names it by its prefix, to deactivate. A retry with another body is 422.
 */
export async function issueAccessKey(
  services: IdentityServices,
  request: CreateAccessKeyRequest,
  actor: Actor,
  commandId?: string,
): Promise<CreatedAccessKey> {
  const keyId = commandId ?? newId();
  if (commandId) await refuseRetriedIssue(services, keyId, actor);
  const accessKey = generateAccessKey();
  const reads = new StreamReads(services.deps.eventStore);
  const bindTo = request.userId
    ? { userId: request.userId, user: await readUser(reads, request.userId) }
    : null;
  const key = await readAccessKey(reads, keyId);
  // The same request sent twice at once, the other one's key issued between the check above
  // and this read: refused as a retry too, not as 'ACCESS_KEY_ALREADY_ISSUED' (the CI's burst
  // of six caught one so).
  if (commandId && key.kind !== 'NotIssued') await refuseRetriedIssue(services, keyId, actor);
  const events = decideAccessKey(
    {
      type: 'IssueAccessKey',
      data: {
        keyId,
        accessKey,
        description: request.description,
        expiresAt: request.expiresAt ? new Date(request.expiresAt).toISOString() : null,
        now: actor.now.toISOString(),
        bindTo,
      },
    },
    key,
  );
  const streamId = accessKeyStreamId(keyId);
  try {
    await executePlan(services.deps, reads, [{ streamId, expected: 'no_stream', events }], actor.metadata);
  } catch (error) {
    // The same request sent twice at once: the other one issued the key meanwhile. Refused as
    // a retry is (its prefix named), not as someone else's change ('STALE_REVISION').
    if (commandId && error instanceof WrongExpectedVersion && error.streamId === streamId) {
      await refuseRetriedIssue(services, keyId, actor);
    }
    throw error;
  }
  const issued = issuedKey(events.reduce(evolveAccessKey, key), keyId);
  const userEmail = bindTo?.user.kind === 'Registered' ? bindTo.user.user.email : null;
  return { ...accessKeyListItem(issued, actor.metadata.timestamp, userEmail), key: accessKey };
}

/** A key already issued under this command id: the same request sent again, or another one. */
async function refuseRetriedIssue(services: IdentityServices, keyId: string, actor: Actor): Promise<void> {
  const [first] = await services.deps.eventStore.readStream(accessKeyStreamId(keyId), { maxCount: 1 });
  if (!first) return;
  const written = first.metadata.requestFingerprint;
  const sent = actor.metadata.requestFingerprint;
  if (written !== undefined && sent !== undefined && written !== sent) throw new IdempotencyKeyReused();
  const prefix = (first.data as { keyPrefix?: unknown }).keyPrefix;
  throw new AccessKeyIssuedBefore(keyId, typeof prefix === 'string' ? prefix : '');
}

/**
 * 'Desativar': one way. Every session opened with the key ends. Never the key the actor signed
 * in with (`signedInWith`): whoever deactivates a key keeps one that works. A key of an
 * approved administrator is withdrawn in the administrators' roster first, at the revision
 * read, and refused if the actor's own key was withdrawn (or the actor removed) meanwhile: of
 * two administrators deactivating each other's keys at once, one keeps theirs, so the
 * administrators can never all be locked out.
 */
export async function deactivateAccessKey(
  services: IdentityServices,
  keyId: string,
  actor: Actor,
): Promise<AccessKeyListItem> {
  if (keyId === actor.signedInWith) throw new CannotDeactivateOwnKey();
  const streamId = accessKeyStreamId(keyId);
  const { reads, key, events, boundUser } = await retryOnConflict(
    async () => {
      const reads = new StreamReads(services.deps.eventStore);
      const key = await readAccessKey(reads, keyId);
      const events = decideAccessKey(
        { type: 'DeactivateAccessKey', data: { keyId, reason: 'administrator' } },
        key,
      );
      const boundUserId = key.kind === 'Issued' ? key.key.boundUserId : null;
      const boundUser = boundUserId ? await readUser(reads, boundUserId) : undefined;
      let plan: PlannedAppend[] = [{ streamId, expected: 'as_read', events }];
      if (boundUser && events.length > 0) {
        const { roster, seed } = await readRoster(services, reads);
        const rosterActor = rosterActorOf({ actorUserId: actor.id, actorKeyId: actor.signedInWith });
        plan = withRosterSeed(seed, [
          ...planRosterKeyWithdrawal(boundUser, keyId, roster, rosterActor),
          ...plan,
        ]);
      }
      await executePlan(services.deps, reads, plan, actor.metadata);
      return { reads, key, events, boundUser };
    },
    streamMoved((moved) => moved === administratorRosterStreamId || moved === streamId),
  );
  await services.sessions.endSessionsOfAccessKey(keyId);
  const deactivated = issuedKey(events.reduce(evolveAccessKey, key), keyId);
  return accessKeyListItem(
    deactivated,
    reads.createdAt(streamId) ?? actor.metadata.timestamp,
    boundUser?.kind === 'Registered' ? boundUser.user.email : null,
  );
}

function issuedKey(state: AccessKeyState, keyId: string) {
  if (state.kind !== 'Issued') throw new AccessKeyNotFound(keyId);
  return state.key;
}
