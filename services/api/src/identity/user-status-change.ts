import {
  planRosterAppointments,
  planRosterRemoval,
  rosterActorOf,
  type AdministratorRosterState,
} from './administrator-roster.ts';
import type { PlannedAppend } from './planned-append.ts';
import { userStreamId } from './streams.ts';
import { decideUser, evolveUser, type UserState } from './user.ts';

export interface UserStatusChangeInput {
  readonly userId: string;
  /** The folded `user-<id>` stream. */
  readonly user: UserState;
  readonly status: 'approved' | 'rejected';
  /** Who decides (null: the system). */
  readonly actorUserId: string | null;
  /** The key the actor signed in with (null: the system, or not recorded). */
  readonly actorKeyId: string | null;
  /** The folded `administrators` stream (seeded by the handler if it never existed). */
  readonly roster: AdministratorRosterState;
}

/**
 * `PATCH /api/users/:id/status`. Rejecting an approved administrator first removes them from
 * the administrators roster at the revision read (the last-administrator rule; a concurrent
 * removal makes one of the two appends fail). Approving an administrator lists them in the
 * roster after the status change (a roster listing one too few only makes removals more
 * cautious, and deciding again lists them: approving an approved administrator the roster
 * misses appoints them).
 */
export function planUserStatusChange(input: UserStatusChangeInput): {
  readonly appends: PlannedAppend[];
  /** The user as the change leaves them. */
  readonly user: UserState;
} {
  const events = decideUser(
    {
      type: 'ChangeUserStatus',
      data: { userId: input.userId, status: input.status, actorUserId: input.actorUserId },
    },
    input.user,
  );
  const after = events.reduce(evolveUser, input.user);
  // Only a change can remove: rejecting a rejected user changes nothing.
  const removal =
    events.length > 0 ? planRosterRemoval(input.user, input.roster, 'reject', rosterActorOf(input)) : [];
  return {
    appends: [
      ...removal,
      { streamId: userStreamId(input.userId), expected: 'as_read', events },
      ...planRosterAppointments([after], input.roster),
    ],
    user: after,
  };
}
