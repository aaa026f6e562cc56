import { AdministratorAppointed, AdministratorRemoved, type AdministratorRosterEvent } from '@bari/contracts';
import type { Decider } from '../shared/decider.ts';
import { assertNever } from '../shared/assert-never.ts';
import { LastAdministrator } from './errors.ts';
import type { PlannedAppend } from './planned-append.ts';
import { administratorRosterStreamId } from './streams.ts';
import type { UserState } from './user.ts';

// ── State ─────────────────────────────────────────────────────────────────────────

/**
 * The `administrators` stream folded: who is an approved administrator. `started` is false
 * until its first event (a system from before the roster: the handler seeds it, see
 * `SeedRoster`).
 */
export interface AdministratorRosterState {
  readonly started: boolean;
  readonly administrators: ReadonlySet<string>;
}

export const initialAdministratorRosterState = (): AdministratorRosterState => ({
  started: false,
  administrators: new Set(),
});

export function evolveAdministratorRoster(
  state: AdministratorRosterState,
  event: AdministratorRosterEvent,
): AdministratorRosterState {
  const administrators = new Set(state.administrators);
  switch (event.type) {
    case 'AdministratorAppointed':
      administrators.add(event.data.userId);
      break;
    case 'AdministratorRemoved':
      administrators.delete(event.data.userId);
      break;
    default:
      return assertNever(event);
  }
  return { started: true, administrators };
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
  readonly data: { readonly userId: string; readonly action: 'delete' | 'reject' };
}

/**
 * A system from before the roster: the approved administrators it knows of (users read
 * model) go in first. An undercount only makes removals more cautious.
 */
export interface SeedRoster {
  readonly type: 'SeedRoster';
  readonly data: { readonly administrators: readonly string[] };
}

export type AdministratorRosterCommand = AppointAdministrator | RemoveAdministrator | SeedRoster;

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
      const { userId, action } = command.data;
      const others = [...state.administrators].filter((id) => id !== userId);
      if (others.length === 0) throw new LastAdministrator(action);
      // Recorded even when the roster did not list them: the append is the lock.
      return [AdministratorRemoved.create({ userId, reason: action === 'delete' ? 'deleted' : 'rejected' })];
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
 * The roster append for a rejection or deletion of `user`: none unless they are an approved
 * administrator; else their removal, at the revision read, which throws `LastAdministrator`
 * when nobody else is left. It goes before the user's own append, so of two concurrent
 * removals only one gets past it.
 */
export function planRosterRemoval(
  user: UserState,
  roster: AdministratorRosterState,
  action: 'delete' | 'reject',
): PlannedAppend[] {
  if (user.kind !== 'Registered' || !isApprovedAdministrator(user)) return [];
  return [
    {
      streamId: administratorRosterStreamId,
      expected: 'as_read',
      events: decideAdministratorRoster(
        { type: 'RemoveAdministrator', data: { userId: user.user.id, action } },
        roster,
      ),
    },
  ];
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
