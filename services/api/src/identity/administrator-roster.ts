import {
  AdministratorAppointed,
  AdministratorKeyWithdrawn,
  AdministratorRemoved,
  type AdministratorRosterEvent,
} from '@bari/contracts';
import type { Decider } from '../shared/decider.ts';
import { assertNever } from '../shared/assert-never.ts';
import { AdministrationRevoked, LastAdministrator } from './errors.ts';
import type { PlannedAppend } from './planned-append.ts';
import { administratorRosterStreamId } from './streams.ts';
import type { UserState } from './user.ts';

// ── State ─────────────────────────────────────────────────────────────────────────

/**
 * The `administrators` stream folded: who is an approved administrator, who was removed, and
 * which administrators' keys other administrators deactivated. `started` is false until its
 * first event (a system from before the roster: the handler seeds it, see `SeedRoster`).
 */
export interface AdministratorRosterState {
  readonly started: boolean;
  readonly administrators: ReadonlySet<string>;
  /** Removed (rejected or deleted) and not appointed again since. */
  readonly removed: ReadonlySet<string>;
  readonly withdrawnKeys: ReadonlySet<string>;
}

export const initialAdministratorRosterState = (): AdministratorRosterState => ({
  started: false,
  administrators: new Set(),
  removed: new Set(),
  withdrawnKeys: new Set(),
});

export function evolveAdministratorRoster(
  state: AdministratorRosterState,
  event: AdministratorRosterEvent,
): AdministratorRosterState {
  switch (event.type) {
    case 'AdministratorAppointed':
      return {
        ...state,
        started: true,
        administrators: new Set(state.administrators).add(event.data.userId),
        removed: without(state.removed, event.data.userId),
      };
    case 'AdministratorRemoved':
      return {
        ...state,
        started: true,
        administrators: without(state.administrators, event.data.userId),
        removed: new Set(state.removed).add(event.data.userId),
      };
    case 'AdministratorKeyWithdrawn':
      return { ...state, started: true, withdrawnKeys: new Set(state.withdrawnKeys).add(event.data.keyId) };
    default:
      return assertNever(event);
  }
}

function without(set: ReadonlySet<string>, value: string): ReadonlySet<string> {
  const copy = new Set(set);
  copy.delete(value);
  return copy;
}

/**
 * The administrator behind a command that removes an administrator or withdraws their key,
 * with the key they signed in with (null: the system, or a session from before keys were
 * recorded).
 */
export interface RosterActor {
  readonly userId: string;
  readonly keyId: string | null;
}

export const rosterActorOf = (input: {
  readonly actorUserId: string | null;
  readonly actorKeyId: string | null;
}): RosterActor | null => (input.actorUserId ? { userId: input.actorUserId, keyId: input.actorKeyId } : null);

/**
 * An administrator removed, or whose key was withdrawn, since their request was let in no
 * longer administers: decided on the roster a concurrent command left, their command is
 * refused. Two administrators removing each other, or each other's keys, at the same moment
 * thus leave one of them able to sign in.
 */
function assertStillAdministers(state: AdministratorRosterState, actor: RosterActor | null): void {
  if (!actor) return;
  if (state.removed.has(actor.userId) || (actor.keyId !== null && state.withdrawnKeys.has(actor.keyId))) {
    throw new AdministrationRevoked();
  }
}

// ── Commands ──────────────────────────────────────────────────────────────────────

/** Someone became an approved administrator (registered as one, or approved). */
export interface AppointAdministrator {
  readonly type: 'AppointAdministrator';
  readonly data: { readonly userId: string };
}

/** An approved administrator is about to be rejected or deleted. */
export interface RemoveAdministrator {
  readonly type: 'RemoveAdministrator';
  readonly data: {
    readonly userId: string;
    readonly action: 'delete' | 'reject';
    readonly actor: RosterActor | null;
  };
}

/** Another administrator is about to deactivate a key bound to an approved administrator. */
export interface WithdrawAdministratorKey {
  readonly type: 'WithdrawAdministratorKey';
  readonly data: { readonly userId: string; readonly keyId: string; readonly actor: RosterActor | null };
}

/**
 * A system from before the roster: the approved administrators it knows of (users read
 * model) go in first. An undercount only makes removals more cautious.
 */
export interface SeedRoster {
  readonly type: 'SeedRoster';
  readonly data: { readonly administrators: readonly string[] };
}

export type AdministratorRosterCommand =
  AppointAdministrator | RemoveAdministrator | WithdrawAdministratorKey | SeedRoster;

export function decideAdministratorRoster(
  command: AdministratorRosterCommand,
  state: AdministratorRosterState,
): AdministratorRosterEvent[] {
  switch (command.type) {
    case 'AppointAdministrator':
      return state.administrators.has(command.data.userId)
        ? []
        : [AdministratorAppointed.create({ userId: command.data.userId })];
    case 'RemoveAdministrator': {
      const { userId, action, actor } = command.data;
      assertStillAdministers(state, actor);
      const others = [...state.administrators].filter((id) => id !== userId);
      if (others.length === 0) throw new LastAdministrator(action);
      // Recorded even when the roster did not list them: the append is the lock.
      return [AdministratorRemoved.create({ userId, reason: action === 'delete' ? 'deleted' : 'rejected' })];
    }
    case 'WithdrawAdministratorKey': {
      const { userId, keyId, actor } = command.data;
      assertStillAdministers(state, actor);
      // Recorded even when withdrawn before: the append is the lock.
      return [AdministratorKeyWithdrawn.create({ userId, keyId })];
    }
    case 'SeedRoster':
      if (state.started) return [];
      return [...new Set(command.data.administrators)].map((userId) =>
        AdministratorAppointed.create({ userId }),
      );
    default:
      return assertNever(command);
  }
}

export const administratorRosterDecider: Decider<
  AdministratorRosterCommand,
  AdministratorRosterEvent,
  AdministratorRosterState
> = {
  decide: decideAdministratorRoster,
  evolve: evolveAdministratorRoster,
  initialState: initialAdministratorRosterState,
};

// ── Plans ─────────────────────────────────────────────────────────────────────────

/** Whether a folded user stream is an approved administrator. */
export const isApprovedAdministrator = (user: UserState): boolean =>
  user.kind === 'Registered' && user.user.isAdmin && user.user.status === 'approved';

/**
 * The roster append deciding `command` about `user`, at the revision read: none unless they
 * are an approved administrator. It goes before the user's or the key's own append, so of two
 * concurrent commands only one gets past it; the other is decided again on the roster it left.
 */
function planRosterCommand(
  user: UserState,
  roster: AdministratorRosterState,
  command: (userId: string) => RemoveAdministrator | WithdrawAdministratorKey,
): PlannedAppend[] {
  if (user.kind !== 'Registered' || !isApprovedAdministrator(user)) return [];
  const events = decideAdministratorRoster(command(user.user.id), roster);
  return [{ streamId: administratorRosterStreamId, expected: 'as_read', events }];
}

/**
 * The roster append for a rejection or deletion of `user`: their removal, which throws
 * `LastAdministrator` when nobody else is left.
 */
export function planRosterRemoval(
  user: UserState,
  roster: AdministratorRosterState,
  action: 'delete' | 'reject',
  actor: RosterActor | null,
): PlannedAppend[] {
  return planRosterCommand(user, roster, (userId) => ({
    type: 'RemoveAdministrator',
    data: { userId, action, actor },
  }));
}

/**
 * The roster append for deactivating key `keyId` of `user`: its withdrawal, refused
 * (`AdministrationRevoked`) when the actor was removed or their own key withdrawn since their
 * request was let in. None when the roster lists the key as withdrawn already: that was
 * decided (by an earlier attempt whose key append lost a race with a sign-in, or by another
 * administrator), and only the key's own deactivation is left to append.
 */
export function planRosterKeyWithdrawal(
  user: UserState,
  keyId: string,
  roster: AdministratorRosterState,
  actor: RosterActor | null,
): PlannedAppend[] {
  if (roster.withdrawnKeys.has(keyId)) return [];
  return planRosterCommand(user, roster, (userId) => ({
    type: 'WithdrawAdministratorKey',
    data: { userId, keyId, actor },
  }));
}

/** The roster append listing every approved administrator among `users` not yet listed. */
export function planRosterAppointments(
  users: readonly UserState[],
  roster: AdministratorRosterState,
): PlannedAppend[] {
  let state = roster;
  const events: AdministratorRosterEvent[] = [];
  for (const user of users) {
    if (user.kind !== 'Registered' || !isApprovedAdministrator(user)) continue;
    const appointed = decideAdministratorRoster(
      { type: 'AppointAdministrator', data: { userId: user.user.id } },
      state,
    );
    state = appointed.reduce(evolveAdministratorRoster, state);
    events.push(...appointed);
  }
  return events.length > 0 ? [{ streamId: administratorRosterStreamId, expected: 'as_read', events }] : [];
}
