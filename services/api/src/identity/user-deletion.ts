import { decideAccessKey, type AccessKeyState } from './access-key.ts';
import { planRosterRemoval, rosterActorOf, type AdministratorRosterState } from './administrator-roster.ts';
import { decideEmailReservation, type EmailReservationState } from './email-reservation.ts';
import type { PlannedAppend } from './planned-append.ts';
import { accessKeyStreamId, emailReservationStreamId, userStreamId } from './streams.ts';
import { decideUser, type UserState } from './user.ts';

export interface UserDeletionInput {
  readonly userId: string;
  /** The folded `user-<id>` stream. */
  readonly user: UserState;
  /** Who deletes (null: the system). */
  readonly actorUserId: string | null;
  /** The key the actor signed in with (null: the system, or not recorded). */
  readonly actorKeyId: string | null;
  /** The folded `administrators` stream (seeded by the handler if it never existed). */
  readonly roster: AdministratorRosterState;
  /** The folded `user-email-<email>` stream of the user's email. */
  readonly emailReservation: EmailReservationState;
  /** The user's active keys (access-keys read model), each with its folded stream. */
  readonly keys: readonly { readonly keyId: string; readonly state: AccessKeyState }[];
}

/**
 * `DELETE /api/users/:id`: the user is deleted, their email freed for a new account, and
 * every key bound to them deactivated. An approved administrator first leaves the
 * administrators roster, at the revision read: that append is the last-administrator rule,
 * and of two concurrent removals only one gets past it (the handler decides the other again).
 * The deletion goes next: it is the decision (self rule), and if the plan stops after it what
 * is left is harmless — a reservation held by a deleted user is reclaimed by the next
 * registration of that email, and a key bound to a deleted user signs nobody in (a bound key
 * signs in only its own user).
 */
export function planUserDeletion(input: UserDeletionInput): PlannedAppend[] {
  const deleted = decideUser(
    {
      type: 'DeleteUser',
      data: { userId: input.userId, actorUserId: input.actorUserId },
    },
    input.user,
  );
  const roster = planRosterRemoval(input.user, input.roster, 'delete', rosterActorOf(input));
  const email = input.user.kind === 'Registered' ? input.user.user.email : undefined;
  if (!email) throw new Error('decideUser deletes only registered users');
  return [
    ...roster,
    { streamId: userStreamId(input.userId), expected: 'as_read', events: deleted },
    {
      streamId: emailReservationStreamId(email),
      expected: 'as_read',
      events: decideEmailReservation(
        { type: 'ReleaseEmail', data: { email, userId: input.userId } },
        input.emailReservation,
      ),
    },
    // `any`: the deletion is decided; a sign-in that moved a key's stream meanwhile must not
    // answer 409 for it and leave the key active (a second deactivation changes nothing).
    ...input.keys.map(({ keyId, state }) => ({
      streamId: accessKeyStreamId(keyId),
      expected: 'any' as const,
      events: decideAccessKey(
        { type: 'DeactivateAccessKey', data: { keyId, reason: 'user_deleted' } },
        state,
      ),
    })),
  ];
}
