import { AccessKeyBound, AccessKeyDeactivated, UserLoggedIn } from '@bari/contracts';
import { describe, expect, it } from 'vitest';
import {
  accessKeyDecider,
  accessKeyStatus,
  evolveAccessKey,
  initialAccessKeyState,
  type IssueAccessKey,
} from './access-key.ts';
import { AccessKeyAlreadyIssued, AccessKeyExpiryInPast, AccessKeyNotFound, UserNotFound } from './errors.ts';
import { deciderSpecification } from '../shared/testing/decider-specification.ts';
import { accessKeyIssued, ids, KEY, NOW } from './testing/fixtures.ts';
import { initialUserState, type UserState } from './user.ts';

const spec = deciderSpecification(accessKeyDecider);

const maria: UserState = {
  kind: 'Registered',
  user: {
    id: ids.user,
    email: 'maria@sus.gov.br',
    firstName: 'Maria',
    lastName: 'Souza',
    isAdmin: false,
    status: 'approved',
    source: 'administrator',
  },
};

const issue = (overrides: Partial<IssueAccessKey['data']> = {}): IssueAccessKey => ({
  type: 'IssueAccessKey',
  data: {
    keyId: ids.key,
    accessKey: KEY,
    description: '  Enfermagem ',
    expiresAt: null,
    now: NOW,
    bindTo: { userId: ids.user, user: maria },
    ...overrides,
  },
});

describe('issuing an access key', () => {
  it('stores only the hash and the 8-character prefix, bound to the chosen user', () => {
    spec([]).when(issue()).then([accessKeyIssued()]);
  });

  it('never puts the key itself in the event', () => {
    const [event] = accessKeyDecider.decide(issue(), initialAccessKeyState());
    expect(JSON.stringify(event)).not.toContain(KEY);
    expect(JSON.stringify(event)).not.toContain(KEY.slice(8));
  });

  it('issues an unbound key (an invitation) when no user is chosen', () => {
    spec([])
      .when(issue({ bindTo: null }))
      .then([accessKeyIssued({ boundUserId: null })]);
  });

  it('keeps a future expiry', () => {
    const expiresAt = '2025-04-01T03:00:00.000Z';
    spec([])
      .when(issue({ expiresAt }))
      .then([accessKeyIssued({ expiresAt })]);
  });

  it('refuses an expiry that is not in the future', () => {
    spec([])
      .when(issue({ expiresAt: NOW }))
      .thenThrows(AccessKeyExpiryInPast, 'A data de expiração deve ser no futuro');
  });

  it('refuses to bind the key to a user who does not exist', () => {
    spec([])
      .when(issue({ bindTo: { userId: ids.user, user: initialUserState() } }))
      .thenThrows(UserNotFound);
    spec([])
      .when(
        issue({ bindTo: { userId: ids.user, user: { kind: 'Deleted', userId: ids.user, email: 'm@x.br' } } }),
      )
      .thenThrows(UserNotFound);
    spec([])
      .when(issue({ bindTo: { userId: ids.otherAdmin, user: maria } }))
      .thenThrows(UserNotFound);
  });

  it('refuses to issue the same key twice', () => {
    spec([accessKeyIssued()]).when(issue()).thenThrows(AccessKeyAlreadyIssued);
  });
});

describe('deactivating an access key', () => {
  const deactivate = {
    type: 'DeactivateAccessKey',
    data: { keyId: ids.key, reason: 'administrator' },
  } as const;

  it('deactivates an active key', () => {
    spec([accessKeyIssued()])
      .when(deactivate)
      .then([AccessKeyDeactivated.create({ keyId: ids.key, reason: 'administrator' })]);
  });

  it('does nothing for a key already inactive (one-way, idempotent)', () => {
    spec([accessKeyIssued(), AccessKeyDeactivated.create({ keyId: ids.key, reason: 'administrator' })])
      .when(deactivate)
      .thenNothingHappens();
  });

  it('refuses an unknown key', () => {
    spec([]).when(deactivate).thenThrows(AccessKeyNotFound, 'Chave de acesso não encontrada');
  });
});

describe('access key state', () => {
  const fold = (...events: Parameters<typeof evolveAccessKey>[1][]) =>
    events.reduce(evolveAccessKey, initialAccessKeyState());

  it('counts each successful sign-in as a use and records the binding', () => {
    const state = fold(
      accessKeyIssued({ boundUserId: null }),
      AccessKeyBound.create({ keyId: ids.key, userId: ids.newUser }),
      UserLoggedIn.create({ userId: ids.newUser, email: 'a@b.br', keyId: ids.key, approved: false }),
      UserLoggedIn.create({ userId: ids.newUser, email: 'a@b.br', keyId: ids.key, approved: true }),
    );
    expect(state).toMatchObject({
      kind: 'Issued',
      key: { boundUserId: ids.newUser, usageCount: 2, isActive: true },
    });
  });

  it('shows Ativa, Expirada or Inativa', () => {
    const key = (...events: Parameters<typeof evolveAccessKey>[1][]) => {
      const state = fold(...events);
      if (state.kind !== 'Issued') throw new Error('not issued');
      return state.key;
    };
    expect(accessKeyStatus(key(accessKeyIssued()), NOW)).toBe('active');
    expect(accessKeyStatus(key(accessKeyIssued({ expiresAt: '2025-03-10T11:59:59.000Z' })), NOW)).toBe(
      'expired',
    );
    expect(accessKeyStatus(key(accessKeyIssued({ expiresAt: '2025-03-10T12:00:01.000Z' })), NOW)).toBe(
      'active',
    );
    expect(
      accessKeyStatus(
        key(accessKeyIssued(), AccessKeyDeactivated.create({ keyId: ids.key, reason: 'administrator' })),
        NOW,
      ),
    ).toBe('inactive');
  });
});
