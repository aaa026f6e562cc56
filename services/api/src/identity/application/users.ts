import type {
  CreateUserRequest,
  EventMetadata,
  UpdateUserStatusRequest,
  UserListItem,
} from '@bari/contracts';
import { WrongExpectedVersion } from '@bari/event-store';
import { planRosterAppointments } from '../administrator-roster.ts';
import { normalizeEmail } from '../email.ts';
import { EmailAlreadyRegistered, UserNotFound } from '../errors.ts';
import { executePlan } from '../execute-plan.ts';
import { planRegistration, registrationAppends } from '../registration.ts';
import { StreamReads } from '../../shared/stream-reads.ts';
import { administratorRosterStreamId, emailReservationStreamId, userStreamId } from '../streams.ts';
import { planUserDeletion } from '../user-deletion.ts';
import { planUserStatusChange } from '../user-status-change.ts';
import { decideUser } from '../user.ts';
import type { IdentityServices } from './identity-services.ts';
import {
  readAccessKey,
  readEmailHolder,
  readEmailReservation,
  readRoster,
  readUser,
  withRosterSeed,
} from './read-streams.ts';
import { retryOnConflict, streamMoved } from '../../shared/retry-on-conflict.ts';
import { userListItem } from './views.ts';
import { newId } from '../../shared/new-id.ts';

/** Who acts: the signed-in administrator. */
export interface Actor {
  readonly id: string;
  readonly metadata: EventMetadata;
  readonly now: Date;
  /** The access key the actor's session was opened with (null: not recorded). */
  readonly signedInWith: string | null;
}

/** 'Adicionar Usuário': an approved account; a duplicate email is a 409. */
export async function createUser(
  services: IdentityServices,
  request: CreateUserRequest,
  actor: Actor,
): Promise<UserListItem> {
  const userId = newId();
  const email = normalizeEmail(request.email);
  const reads = new StreamReads(services.deps.eventStore);
  const { emailReservation, holder } = await readEmailHolder(reads, email);
  const plan = planRegistration({
    command: { type: 'RegisterUser', data: { ...request, userId, email, source: 'administrator' } },
    emailReservation,
    holder,
    now: actor.now.toISOString(),
  });
  try {
    await executePlan(services.deps, reads, registrationAppends(plan), actor.metadata);
  } catch (error) {
    // Someone reserved the email between our read and our write.
    if (error instanceof WrongExpectedVersion && error.streamId === emailReservationStreamId(email)) {
      throw new EmailAlreadyRegistered(email);
    }
    throw error;
  }
  if (plan.user.isAdmin) await appointAdministrators(services, [userId], actor.metadata);
  return userListItem(plan.user, actor.metadata.timestamp);
}

/**
 * Lists in the administrators roster whichever of these users are approved administrators
 * and not listed yet (after a registration, an approval, an initialization). Appointing never
 * refuses, so a concurrent roster change just means reading and appending again.
 */
export async function appointAdministrators(
  services: IdentityServices,
  userIds: readonly string[],
  metadata: EventMetadata,
): Promise<void> {
  await retryOnConflict(async () => {
    const reads = new StreamReads(services.deps.eventStore);
    const { roster, seed } = await readRoster(services, reads);
    const users = [];
    for (const userId of userIds) users.push(await readUser(reads, userId));
    const plan = withRosterSeed(seed, planRosterAppointments(users, roster));
    await executePlan(services.deps, reads, plan, metadata);
  });
}

/**
 * Approve or reject. Rejecting an approved administrator goes through the administrators
 * roster first (the last one stays, even against a concurrent removal, which is decided again
 * and refused). Rejecting ends the user's live sessions.
 */
export async function changeUserStatus(
  services: IdentityServices,
  userId: string,
  request: UpdateUserStatusRequest,
  actor: Actor,
): Promise<UserListItem> {
  const changed = await retryOnConflict(async () => {
    const reads = new StreamReads(services.deps.eventStore);
    const { roster, seed } = await readRoster(services, reads);
    const user = await readUser(reads, userId);
    const plan = planUserStatusChange({
      userId,
      user,
      status: request.status,
      actorUserId: actor.id,
      actorKeyId: actor.signedInWith,
      roster,
    });
    await executePlan(services.deps, reads, withRosterSeed(seed, plan.appends), actor.metadata);
    if (plan.user.kind !== 'Registered') throw new UserNotFound(userId);
    return userListItem(plan.user.user, reads.createdAt(userStreamId(userId)) ?? actor.metadata.timestamp);
  });
  if (request.status === 'rejected') await services.sessions.endSessionsOfUser(userId);
  return changed;
}

/**
 * Deletes the user, frees their email, deactivates their keys and ends their sessions. An
 * approved administrator leaves the roster first (see `planUserDeletion`).
 */
export async function deleteUser(services: IdentityServices, userId: string, actor: Actor): Promise<void> {
  await retryOnConflict(
    async () => {
      const reads = new StreamReads(services.deps.eventStore);
      const { roster, seed } = await readRoster(services, reads);
      const user = await readUser(reads, userId);
      if (user.kind !== 'Registered') throw new UserNotFound(userId);
      const emailReservation = await readEmailReservation(reads, user.user.email);
      const keys = [];
      for (const keyId of await services.accessKeys.activeIdsBoundTo(userId)) {
        keys.push({ keyId, state: await readAccessKey(reads, keyId) });
      }
      const plan = planUserDeletion({
        userId,
        user,
        actorUserId: actor.id,
        actorKeyId: actor.signedInWith,
        roster,
        emailReservation,
        keys,
      });
      await executePlan(services.deps, reads, withRosterSeed(seed, plan), actor.metadata);
      // Decided again only while the user is not deleted yet (the roster or their stream moved).
    },
    streamMoved((streamId) => streamId === administratorRosterStreamId || streamId === userStreamId(userId)),
  );
  await services.sessions.endSessionsOfUser(userId);
}

/** Records a logout in the user's stream (`any`: a logout never conflicts with anything). */
export async function recordLogout(
  services: IdentityServices,
  user: { readonly id: string },
  metadata: EventMetadata,
): Promise<void> {
  const reads = new StreamReads(services.deps.eventStore);
  const state = await readUser(reads, user.id);
  const events = decideUser({ type: 'RecordLogout', data: { userId: user.id } }, state);
  await executePlan(
    services.deps,
    reads,
    [{ streamId: userStreamId(user.id), expected: 'any', events }],
    metadata,
  );
}
