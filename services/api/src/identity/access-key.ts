import { AccessKeyDeactivated, AccessKeyIssued, type AccessKeyEvent } from '@bari/contracts';
import type { Decider } from '../shared/decider.ts';
import { accessKeyPrefix, hashAccessKey } from './access-key-secret.ts';
import { assertNever } from '../shared/assert-never.ts';
import { AccessKeyAlreadyIssued, AccessKeyExpiryInPast, AccessKeyNotFound, UserNotFound } from './errors.ts';
import type { UserState } from './user.ts';

// ── State ─────────────────────────────────────────────────────────────────────────

export interface IssuedAccessKey {
  readonly id: string;
  readonly keyHash: string;
  readonly keyPrefix: string;
  readonly description: string;
  readonly expiresAt: string | null;
  /** Null while the key is an invitation nobody has used. */
  readonly boundUserId: string | null;
  readonly isActive: boolean;
  /** Successful sign-ins with this key ('Uso: N vezes'). */
  readonly usageCount: number;
}

export type AccessKeyState =
  { readonly kind: 'NotIssued' } | { readonly kind: 'Issued'; readonly key: IssuedAccessKey };

export const initialAccessKeyState = (): AccessKeyState => ({ kind: 'NotIssued' });

export function evolveAccessKey(state: AccessKeyState, event: AccessKeyEvent): AccessKeyState {
  if (event.type === 'AccessKeyIssued') {
    const { keyId, keyHash, keyPrefix, description, expiresAt, boundUserId } = event.data;
    return {
      kind: 'Issued',
      key: {
        id: keyId,
        keyHash,
        keyPrefix,
        description,
        expiresAt,
        boundUserId,
        isActive: true,
        usageCount: 0,
      },
    };
  }
  if (state.kind !== 'Issued') return state;
  const { key } = state;
  switch (event.type) {
    case 'AccessKeyBound':
      return { kind: 'Issued', key: { ...key, boundUserId: event.data.userId } };
    case 'AccessKeyDeactivated':
      return { kind: 'Issued', key: { ...key, isActive: false } };
    case 'UserLoggedIn':
      return { kind: 'Issued', key: { ...key, usageCount: key.usageCount + 1 } };
    default:
      return assertNever(event);
  }
}

/** What the card shows: 'Ativa', 'Inativa' or 'Expirada'. Expiry is computed, never stored. */
export function accessKeyStatus(key: IssuedAccessKey, now: string): 'active' | 'inactive' | 'expired' {
  if (!key.isActive) return 'inactive';
  return isExpired(key.expiresAt, now) ? 'expired' : 'active';
}

export function isExpired(expiresAt: string | null, now: string): boolean {
  return expiresAt !== null && Date.parse(expiresAt) <= Date.parse(now);
}

// ── Commands ──────────────────────────────────────────────────────────────────────

/**
 * 'Nova Chave' or initialization. The command carries the freshly generated key itself so
 * the hash and prefix are derived here, from the one value the person will be shown; the key
 * never reaches an event.
 */
export interface IssueAccessKey {
  readonly type: 'IssueAccessKey';
  readonly data: {
    readonly keyId: string;
    readonly accessKey: string;
    readonly description: string;
    readonly expiresAt: string | null;
    readonly now: string;
    /** The user to bind the key to and their folded stream; null issues an invitation. */
    readonly bindTo: { readonly userId: string; readonly user: UserState } | null;
  };
}

export interface DeactivateAccessKey {
  readonly type: 'DeactivateAccessKey';
  readonly data: { readonly keyId: string; readonly reason: AccessKeyDeactivated['data']['reason'] };
}

export type AccessKeyCommand = IssueAccessKey | DeactivateAccessKey;

export function issueAccessKey({ data }: IssueAccessKey, state: AccessKeyState): AccessKeyEvent[] {
  if (state.kind !== 'NotIssued') throw new AccessKeyAlreadyIssued(data.keyId);
  if (isExpired(data.expiresAt, data.now)) throw new AccessKeyExpiryInPast();
  const { bindTo } = data;
  if (bindTo && !(bindTo.user.kind === 'Registered' && bindTo.user.user.id === bindTo.userId)) {
    throw new UserNotFound(bindTo.userId);
  }
  return [
    AccessKeyIssued.create({
      keyId: data.keyId,
      keyHash: hashAccessKey(data.accessKey),
      keyPrefix: accessKeyPrefix(data.accessKey),
      description: data.description.trim(),
      expiresAt: data.expiresAt,
      boundUserId: bindTo?.userId ?? null,
    }),
  ];
}

/** One-way. Deactivating an inactive key changes nothing (an idempotent retry). */
export function deactivateAccessKey({ data }: DeactivateAccessKey, state: AccessKeyState): AccessKeyEvent[] {
  if (state.kind !== 'Issued' || state.key.id !== data.keyId) throw new AccessKeyNotFound(data.keyId);
  if (!state.key.isActive) return [];
  return [AccessKeyDeactivated.create({ keyId: data.keyId, reason: data.reason })];
}

export function decideAccessKey(command: AccessKeyCommand, state: AccessKeyState): AccessKeyEvent[] {
  switch (command.type) {
    case 'IssueAccessKey':
      return issueAccessKey(command, state);
    case 'DeactivateAccessKey':
      return deactivateAccessKey(command, state);
    default:
      return assertNever(command);
  }
}

/** Sign-ins (`UserLoggedIn`) and bindings (`AccessKeyBound`) are decided by `decideLogin`. */
export const accessKeyDecider: Decider<AccessKeyCommand, AccessKeyEvent, AccessKeyState> = {
  decide: decideAccessKey,
  evolve: evolveAccessKey,
  initialState: initialAccessKeyState,
};
