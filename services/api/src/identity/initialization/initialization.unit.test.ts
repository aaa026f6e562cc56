import {
  AccessKeyDeactivated,
  AccessKeyIssued,
  EmailReserved,
  SystemInitialized,
  UserRegistered,
  UserStatusChanged,
  type IdentityEvent,
} from '@bari/contracts';
import { describe, expect, it } from 'vitest';
import { RESERVATION_GRACE_MS } from '../../shared/reservation.ts';
import { accessKeyPrefix, hashAccessKey } from '../access-key-secret.ts';
import { AlreadyInitialized } from '../errors.ts';
import { evolveEmailReservation, initialEmailReservationState } from '../email-reservation.ts';
import type { AccountSeed } from './account-seeds.ts';
import {
  DEFAULT_ADMIN_EMAIL,
  DEFAULT_DEVELOPER_EMAIL,
  defaultAccounts,
  readInitializationConfig,
} from './default-accounts.ts';
import { planForceInitialization, type ForceAccountSeed } from './plan-force-initialization.ts';
import { planInitialization } from './plan-initialization.ts';
import { evolveSystem, initialSystemState } from './system.ts';
import { emailReserved, NOW, registrationRequested, userRegistered } from '../testing/fixtures.ts';
import { evolveAccessKey, initialAccessKeyState, type AccessKeyState } from '../access-key.ts';
import { evolveUser, initialUserState, type UserState } from '../user.ts';

const config = readInitializationConfig({});
const [adminAccount, developerAccount] = defaultAccounts(config);
if (!adminAccount || !developerAccount) throw new Error('two default accounts expected');

const ADMIN_ID = '10000000-0000-4000-8000-000000000001';
const DEV_ID = '10000000-0000-4000-8000-000000000002';
const seeds: AccountSeed[] = [
  {
    account: adminAccount,
    userId: ADMIN_ID,
    keyId: '20000000-0000-4000-8000-000000000001',
    accessKey: 'AdminKey0123456789abcdefghijklmnopqrstuvwxy',
  },
  {
    account: developerAccount,
    userId: DEV_ID,
    keyId: '20000000-0000-4000-8000-000000000002',
    accessKey: 'DevKey000123456789abcdefghijklmnopqrstuvwxy',
  },
];

describe('initialization configuration', () => {
  it('defaults to two reserved-domain emails', () => {
    expect(config).toEqual({ adminEmail: 'admin@baricare.local', developerEmail: 'dev@baricare.local' });
    expect([DEFAULT_ADMIN_EMAIL, DEFAULT_DEVELOPER_EMAIL]).toEqual([
      config.adminEmail,
      config.developerEmail,
    ]);
  });

  it('reads the emails from the environment, normalised', () => {
    expect(
      readInitializationConfig({
        BARI_ADMIN_EMAIL: ' TI@Hospital.gov.br ',
        BARI_DEVELOPER_EMAIL: 'dev@hospital.gov.br',
      }),
    ).toEqual({ adminEmail: 'ti@hospital.gov.br', developerEmail: 'dev@hospital.gov.br' });
  });

  it('refuses an invalid email or one email for both accounts', () => {
    expect(() => readInitializationConfig({ BARI_ADMIN_EMAIL: 'não-é-email' })).toThrow(/BARI_ADMIN_EMAIL/);
    expect(() => readInitializationConfig({ BARI_DEVELOPER_EMAIL: 'ADMIN@baricare.local' })).toThrow(
      /must differ/,
    );
  });

  it('plans an administrator and a developer account, both approved administrators', () => {
    expect(defaultAccounts(config)).toEqual([
      expect.objectContaining({ role: 'administrator', email: 'admin@baricare.local', isAdmin: true }),
      expect.objectContaining({ role: 'developer', email: 'dev@baricare.local', isAdmin: true }),
    ]);
  });
});

describe('initialization', () => {
  it('creates both accounts approved, each with one key bound to it, and lists the keys once', () => {
    const plan = planInitialization({ system: initialSystemState(), usersCount: 0, seeds, now: NOW });

    expect(plan.credentials).toEqual([
      {
        description: 'Administrador do sistema',
        email: 'admin@baricare.local',
        accessKey: seeds[0]?.accessKey,
      },
      { description: 'Desenvolvedor', email: 'dev@baricare.local', accessKey: seeds[1]?.accessKey },
    ]);
    expect(plan.appends.map(({ streamId, expected }) => [streamId, expected])).toEqual([
      ['system-initialization', 'no_stream'],
      ['user-email-admin@baricare.local', 'no_stream'],
      [`user-${ADMIN_ID}`, 'no_stream'],
      ['access-key-20000000-0000-4000-8000-000000000001', 'no_stream'],
      ['user-email-dev@baricare.local', 'no_stream'],
      [`user-${DEV_ID}`, 'no_stream'],
      ['access-key-20000000-0000-4000-8000-000000000002', 'no_stream'],
    ]);
    expect(plan.appends[0]?.events).toEqual([
      SystemInitialized.create({
        forced: false,
        accounts: [
          { userId: ADMIN_ID, email: 'admin@baricare.local' },
          { userId: DEV_ID, email: 'dev@baricare.local' },
        ],
      }),
    ]);
    expect(plan.appends[1]?.events).toEqual([
      EmailReserved.create({ email: 'admin@baricare.local', userId: ADMIN_ID, reservedAt: NOW }),
    ]);
    expect(plan.appends[2]?.events).toEqual([
      UserRegistered.create({
        source: 'initialization',
        userId: ADMIN_ID,
        email: 'admin@baricare.local',
        firstName: 'Administrador',
        lastName: 'do Sistema',
        isAdmin: true,
        status: 'approved',
      }),
    ]);
    expect(plan.appends[3]?.events).toEqual([
      AccessKeyIssued.create({
        keyId: '20000000-0000-4000-8000-000000000001',
        keyHash: hashAccessKey(seeds[0]?.accessKey ?? ''),
        keyPrefix: accessKeyPrefix(seeds[0]?.accessKey ?? ''),
        description: 'Administrador do sistema',
        expiresAt: null,
        boundUserId: ADMIN_ID,
      }),
    ]);
  });

  it('never writes a key into an event', () => {
    const plan = planInitialization({ system: initialSystemState(), usersCount: 0, seeds, now: NOW });
    const written = JSON.stringify(plan.appends);
    for (const seed of seeds) expect(written).not.toContain(seed.accessKey);
  });

  it('is refused once a user exists', () => {
    expect(() =>
      planInitialization({ system: initialSystemState(), usersCount: 1, seeds, now: NOW }),
    ).toThrow(new AlreadyInitialized());
  });

  it('is refused once the system was initialized, even with no user left', () => {
    const system = evolveSystem(
      initialSystemState(),
      SystemInitialized.create({ forced: false, accounts: [] }),
    );
    expect(() => planInitialization({ system, usersCount: 0, seeds, now: NOW })).toThrow(
      'O sistema já foi inicializado',
    );
  });
});

describe('forced initialization', () => {
  const fold = <S, E>(evolve: (s: S, e: E) => S, initial: S, events: E[]) => events.reduce(evolve, initial);
  const withState = (
    seed: AccountSeed,
    reservation: Parameters<typeof evolveEmailReservation>[1][] = [],
    account: Parameters<typeof evolveUser>[1][] = [],
    keys: AccessKeyState[] = [],
  ): ForceAccountSeed => ({
    ...seed,
    userId: `${seed.userId.slice(0, -1)}9`, // a fresh id, used only if the account is created
    emailReservation: fold(evolveEmailReservation, initialEmailReservationState(), reservation),
    holder: fold<UserState, (typeof account)[number]>(evolveUser, initialUserState(), account),
    holderKeys: keys,
  });
  const [admin, developer] = seeds as [AccountSeed, AccountSeed];
  const existingAdmin = userRegistered({
    userId: ADMIN_ID,
    email: 'admin@baricare.local',
    isAdmin: true,
    source: 'initialization',
  });

  it('creates missing accounts and verifies existing ones, giving each a new bound key', () => {
    const plan = planForceInitialization({
      seeds: [
        withState(admin, [emailReserved('admin@baricare.local', ADMIN_ID)], [existingAdmin]),
        withState(developer),
      ],
      now: NOW,
    });

    expect(plan.results).toEqual([
      'Usuário admin@baricare.local já existe',
      'Nova chave de acesso criada para admin@baricare.local',
      'Usuário dev@baricare.local criado',
      'Nova chave de acesso criada para dev@baricare.local',
      'Inicialização forçada concluída',
    ]);
    expect(plan.credentials.map((c) => [c.email, c.accessKey])).toEqual([
      ['admin@baricare.local', admin.accessKey],
      ['dev@baricare.local', developer.accessKey],
    ]);
    const events = plan.appends.flatMap((append) => append.events as IdentityEvent[]);
    expect(events.map((e) => e.type)).toEqual([
      'AccessKeyIssued',
      'EmailReserved',
      'UserRegistered',
      'AccessKeyIssued',
      'SystemInitialized',
    ]);
    expect(events[0]).toMatchObject({ data: { boundUserId: ADMIN_ID } });
    expect(plan.appends.at(-1)).toMatchObject({ streamId: 'system-initialization', expected: 'any' });
  });

  it('approves an existing default account that is not approved', () => {
    const rejected = UserStatusChanged.create({
      userId: ADMIN_ID,
      email: 'admin@baricare.local',
      from: 'approved',
      to: 'rejected',
    });
    const plan = planForceInitialization({
      seeds: [withState(admin, [emailReserved('admin@baricare.local', ADMIN_ID)], [existingAdmin, rejected])],
      now: NOW,
    });
    expect(plan.results).toContain('Usuário admin@baricare.local aprovado');
    expect(plan.appends[0]).toEqual({
      streamId: `user-${ADMIN_ID}`,
      expected: 'as_read',
      events: [
        UserStatusChanged.create({
          userId: ADMIN_ID,
          email: 'admin@baricare.local',
          from: 'rejected',
          to: 'approved',
        }),
      ],
    });
  });

  it('warns when the administrator account is not an administrator', () => {
    const plain = userRegistered({
      userId: ADMIN_ID,
      email: 'admin@baricare.local',
      isAdmin: false,
      source: 'initialization',
    });
    const plan = planForceInitialization({
      seeds: [withState(admin, [emailReserved('admin@baricare.local', ADMIN_ID)], [plain])],
      now: NOW,
    });
    expect(plan.results).toContain('Atenção: o usuário admin@baricare.local não é administrador');
  });

  it('reports an email held by a registration in progress instead of failing', () => {
    const recent = new Date(Date.parse(NOW) - RESERVATION_GRACE_MS / 2).toISOString();
    const plan = planForceInitialization({
      seeds: [
        withState(admin, [emailReserved('admin@baricare.local', ADMIN_ID, recent)]),
        withState(developer),
      ],
      now: NOW,
    });
    expect(plan.results[0]).toBe(
      'Não foi possível criar o usuário admin@baricare.local: o email está reservado. Tente novamente em alguns minutos',
    );
    expect(plan.credentials.map((c) => c.email)).toEqual(['dev@baricare.local']);
  });
  it('never approves nor keys an account initialization did not create (issue 10, item 7)', () => {
    const outsider = registrationRequested(ADMIN_ID, 'admin@baricare.local');
    const plan = planForceInitialization({
      seeds: [withState(admin, [emailReserved('admin@baricare.local', ADMIN_ID)], [outsider])],
      now: NOW,
    });
    expect(plan.results).toEqual([
      'Usuário admin@baricare.local não verificado: e-mail em uso por outra conta (não criada pela inicialização)',
      'Inicialização forçada concluída',
    ]);
    expect(plan.credentials).toEqual([]);
    const types = plan.appends.flatMap((append) => append.events as IdentityEvent[]).map((e) => e.type);
    expect(types).toEqual(['SystemInitialized']);
  });

  it("deactivates the account's previous default keys, and only those (issue 10, item 12)", () => {
    const key = (keyId: string, description: string): AccessKeyState =>
      evolveAccessKey(
        initialAccessKeyState(),
        AccessKeyIssued.create({
          keyId,
          keyHash: hashAccessKey(`chave-${keyId}`),
          keyPrefix: accessKeyPrefix(`chave-${keyId}-0000000000`),
          description,
          expiresAt: null,
          boundUserId: ADMIN_ID,
        }),
      );
    const previous = key('0b7f1e4e-2a65-4f0e-9a0f-6d8c1f0e0a01', admin.account.description);
    const personal = key('0b7f1e4e-2a65-4f0e-9a0f-6d8c1f0e0a02', 'Chave do notebook');
    const plan = planForceInitialization({
      seeds: [
        withState(
          admin,
          [emailReserved('admin@baricare.local', ADMIN_ID)],
          [existingAdmin],
          [previous, personal],
        ),
      ],
      now: NOW,
    });
    // The new key is issued before the old one is deactivated: an interrupted run never
    // leaves the account without an active key.
    const issued = plan.appends.findIndex((append) =>
      append.events.some((event) => event.type === 'AccessKeyIssued'),
    );
    const deactivation = plan.appends.findIndex((append) =>
      append.events.some((event) => event.type === 'AccessKeyDeactivated'),
    );
    expect(issued).toBeGreaterThanOrEqual(0);
    expect(deactivation).toBeGreaterThan(issued);
    expect(plan.appends[deactivation]).toEqual({
      streamId: 'access-key-0b7f1e4e-2a65-4f0e-9a0f-6d8c1f0e0a01',
      expected: 'as_read',
      events: [
        AccessKeyDeactivated.create({
          keyId: '0b7f1e4e-2a65-4f0e-9a0f-6d8c1f0e0a01',
          reason: 'replaced_by_initialization',
        }),
      ],
    });
    expect(plan.results).toContain('1 chave padrão anterior de admin@baricare.local desativada');
    const deactivated = plan.appends.flatMap((append) => append.events as IdentityEvent[]);
    expect(deactivated.filter((e) => e.type === 'AccessKeyDeactivated')).toHaveLength(1);
  });
});
