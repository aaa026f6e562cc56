import { randomUUID } from 'node:crypto';
import {
  UserEventSchema,
  type CreateUserRequest,
  type EventMetadata,
  type UpdateUserStatusRequest,
  type UserListItem,
} from '@bari/contracts';
import { WrongExpectedVersion } from '@bari/event-store';
import { handleCommand } from '../../shared/command-handler.ts';
import { normalizeEmail } from '../email.ts';
import { EmailAlreadyRegistered, UserNotFound } from '../errors.ts';
import { executePlan } from '../execute-plan.ts';
import { planRegistration, registrationAppends } from '../registration.ts';
import { StreamReads } from '../stream-reads.ts';
import { emailReservationStreamId, userStreamId } from '../streams.ts';
import { planUserDeletion } from '../user-deletion.ts';
import { decideUser, userDecider } from '../user.ts';
import type { IdentityServices } from './identity-services.ts';
import { readAccessKey, readEmailHolder, readEmailReservation, readUser } from './read-streams.ts';

/** Who acts: the signed-in administrator. */
export interface Actor {
  readonly id: string;
  readonly metadata: EventMetadata;
  readonly now: Date;
}

async function userRow(services: IdentityServices, userId: string): Promise<UserListItem> {
  const user = await services.users.findById(userId);
  if (!user) throw new UserNotFound(userId);
  return user;
}

/** 'Adicionar Usuário': an approved account; a duplicate email is a 409. */
export async function createUser(
  services: IdentityServices,
  request: CreateUserRequest,
  actor: Actor,
): Promise<UserListItem> {
  const userId = randomUUID();
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
  return userRow(services, userId);
}

/** Approve or reject. Rejecting ends the user's live sessions. */
export async function changeUserStatus(
  services: IdentityServices,
  userId: string,
  request: UpdateUserStatusRequest,
  actor: Actor,
): Promise<UserListItem> {
  const approvedAdministrators = await services.users.countApprovedAdministrators();
  await handleCommand(
    services.deps,
    { id: userStreamId(userId), eventSchema: UserEventSchema },
    userDecider,
    {
      type: 'ChangeUserStatus',
      data: { userId, status: request.status, actorUserId: actor.id, approvedAdministrators },
    },
    actor.metadata,
  );
  if (request.status === 'rejected') await services.sessions.endSessionsOfUser(userId);
  return userRow(services, userId);
}

/** Deletes the user, frees their email, deactivates their keys and ends their sessions. */
export async function deleteUser(services: IdentityServices, userId: string, actor: Actor): Promise<void> {
  const reads = new StreamReads(services.deps.eventStore);
  const user = await readUser(reads, userId);
  if (user.kind !== 'Registered') throw new UserNotFound(userId);
  const approvedAdministrators = await services.users.countApprovedAdministrators();
  const emailReservation = await readEmailReservation(reads, user.user.email);
  const keys = [];
  for (const keyId of await services.accessKeys.activeIdsBoundTo(userId)) {
    keys.push({ keyId, state: await readAccessKey(reads, keyId) });
  }
  const plan = planUserDeletion({
    userId,
    user,
    actorUserId: actor.id,
    approvedAdministrators,
    emailReservation,
    keys,
  });
  await executePlan(services.deps, reads, plan, actor.metadata);
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
