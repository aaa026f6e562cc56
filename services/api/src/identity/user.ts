import {
  UserDeleted,
  UserLoggedOut,
  UserRegistered,
  UserStatusChanged,
  type UserEvent,
  type UserStatus,
} from '@bari/contracts';
import type { Decider } from '../shared/decider.ts';
import { assertNever } from '../shared/assert-never.ts';
import { normalizeEmail } from './email.ts';
import { CannotRemoveSelf, UserAlreadyExists, UserNotFound } from './errors.ts';

// ── State ─────────────────────────────────────────────────────────────────────────

export interface RegisteredUser {
  readonly id: string;
  readonly email: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly isAdmin: boolean;
  readonly status: UserStatus;
  /** How the account came to be: only `initialization` ones are default accounts. */
  readonly source: UserRegistered['data']['source'];
}

export type UserState =
  | { readonly kind: 'Unregistered' }
  | { readonly kind: 'Registered'; readonly user: RegisteredUser }
  | { readonly kind: 'Deleted'; readonly userId: string; readonly email: string };

export const initialUserState = (): UserState => ({ kind: 'Unregistered' });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, email, firstName, lastName, isAdmin, status, source } = event.data;
      return {
        kind: 'Registered',
        user: { id: userId, email, firstName, lastName, isAdmin, status, source },
      };
    }
    case 'UserStatusChanged':
      return state.kind === 'Registered'
        ? { kind: 'Registered', user: { ...state.user, status: event.data.to } }
        : state;
    case 'UserDeleted':
      return { kind: 'Deleted', userId: event.data.userId, email: event.data.email };
    case 'UserLoggedOut':
      return state;
    default:
      return assertNever(event);
  }
}

// ── Commands ──────────────────────────────────────────────────────────────────────

/** 'Adicionar Usuário' by an administrator, or a default account at initialization: approved. */
export interface RegisterUser {
  readonly type: 'RegisterUser';
  readonly data: {
    readonly userId: string;
    readonly email: string;
    readonly firstName: string;
    readonly lastName: string;
    readonly isAdmin: boolean;
    readonly source: 'administrator' | 'initialization';
  };
}

/** First sign-in of an email without account, with an invitation (unbound) key: pending. */
export interface RequestRegistration {
  readonly type: 'RequestRegistration';
  readonly data: { readonly userId: string; readonly email: string; readonly accessKeyId: string };
}

/**
 * Who removes or rejects: null for the system (force-initialization). The last approved
 * administrator is protected by the administrators roster (`administrator-roster.ts`), whose
 * append goes first and conflicts with any concurrent removal.
 */
interface AdministrativeContext {
  readonly actorUserId: string | null;
}

export interface ChangeUserStatus {
  readonly type: 'ChangeUserStatus';
  readonly data: AdministrativeContext & {
    readonly userId: string;
    readonly status: 'approved' | 'rejected';
  };
}

export interface DeleteUser {
  readonly type: 'DeleteUser';
  readonly data: AdministrativeContext & { readonly userId: string };
}

export interface RecordLogout {
  readonly type: 'RecordLogout';
  readonly data: { readonly userId: string };
}

export type UserCommand = RegisterUser | RequestRegistration | ChangeUserStatus | DeleteUser | RecordLogout;

// ── Business logic: one function per command ─────────────────────────────────────

export function registerUser({ data }: RegisterUser, state: UserState): UserEvent[] {
  if (state.kind !== 'Unregistered') throw new UserAlreadyExists(data.userId);
  return [
    UserRegistered.create({
      source: data.source,
      userId: data.userId,
      email: normalizeEmail(data.email),
      firstName: data.firstName.trim(),
      lastName: data.lastName.trim(),
      isAdmin: data.isAdmin,
      status: 'approved',
    }),
  ];
}

export function requestRegistration({ data }: RequestRegistration, state: UserState): UserEvent[] {
  if (state.kind !== 'Unregistered') throw new UserAlreadyExists(data.userId);
  return [
    UserRegistered.create({
      source: 'access_key_invitation',
      userId: data.userId,
      email: normalizeEmail(data.email),
      firstName: null,
      lastName: null,
      isAdmin: false,
      status: 'pending',
      accessKeyId: data.accessKeyId,
    }),
  ];
}

/**
 * Approved ↔ rejected, pending → either; never back to pending. Setting the status a user
 * already has changes nothing (an idempotent retry, not an error).
 */
export function changeUserStatus({ data }: ChangeUserStatus, state: UserState): UserEvent[] {
  const user = registered(state, data.userId);
  if (user.status === data.status) return [];
  if (data.status === 'rejected') guardRemoval(user, data, 'reject');
  return [
    UserStatusChanged.create({ userId: user.id, email: user.email, from: user.status, to: data.status }),
  ];
}

export function deleteUser({ data }: DeleteUser, state: UserState): UserEvent[] {
  const user = registered(state, data.userId);
  guardRemoval(user, data, 'delete');
  return [UserDeleted.create({ userId: user.id, email: user.email })];
}

/** A logout of a deleted or unknown user is not an error: the session just ends, unrecorded. */
export function recordLogout({ data }: RecordLogout, state: UserState): UserEvent[] {
  if (state.kind !== 'Registered' || state.user.id !== data.userId) return [];
  return [UserLoggedOut.create({ userId: state.user.id, email: state.user.email })];
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return registerUser(command, state);
    case 'RequestRegistration':
      return requestRegistration(command, state);
    case 'ChangeUserStatus':
      return changeUserStatus(command, state);
    case 'DeleteUser':
      return deleteUser(command, state);
    case 'RecordLogout':
      return recordLogout(command, state);
    default:
      return assertNever(command);
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUserState,
};

// ── Rules shared by reject and delete ────────────────────────────────────────────

function registered(state: UserState, userId: string): RegisteredUser {
  if (state.kind !== 'Registered' || state.user.id !== userId) throw new UserNotFound(userId);
  return state.user;
}

/** An administrator never removes themself (the last-administrator rule is the roster's). */
function guardRemoval(
  user: RegisteredUser,
  context: AdministrativeContext,
  action: 'delete' | 'reject',
): void {
  if (context.actorUserId === user.id) throw new CannotRemoveSelf(action);
}
