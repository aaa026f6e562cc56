import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccessKeyBound,
  AccessKeyDeactivated,
  AccessKeyIssued,
  SystemInitialized,
  UserDeleted,
  UserLoggedIn,
  UserRegistered,
  UserStatusChanged,
} from '@bari/contracts';
import { startProjectionHarness, type ProjectionHarness } from '../../test/support/projection-harness.ts';
import { accessKeysProjection } from '../access-keys/projection.ts';
import { createAccessKeyQueries } from '../access-keys/queries.ts';
import { rebuildProjection } from '../runner/rebuild.ts';
import { systemInitializationProjection } from '../system-initialization/projection.ts';
import { createInitializationQueries } from '../system-initialization/queries.ts';
import { usersProjection } from './projection.ts';
import { createUserQueries } from './queries.ts';

const projections = [usersProjection, accessKeysProjection, systemInitializationProjection];

let harness: ProjectionHarness;

beforeAll(async () => {
  harness = await startProjectionHarness(projections);
});

afterAll(() => harness.close());

type Event = { readonly type: string; readonly data: unknown };

/** Appends events to a stream as decided at `timestamp`, and waits for the read models. */
const given = (streamId: string, events: readonly Event[], timestamp: string) =>
  harness.given(streamId, events, { clientIp: '127.0.0.1', timestamp });

const ids = {
  admin: randomUUID(),
  maria: randomUUID(),
  joao: randomUUID(),
  adminKey: randomUUID(),
  invitation: randomUUID(),
  mariaKey: randomUUID(),
};
const hash = (digit: string) => digit.repeat(64);
const T1 = '2025-03-01T12:00:00.000Z';
const T2 = '2025-03-02T12:00:00.000Z';
const T3 = '2025-03-03T12:00:00.000Z';

const issued = (
  keyId: string,
  digit: string,
  prefix: string,
  boundUserId: string | null,
  expiresAt: string | null,
) =>
  AccessKeyIssued.create({
    keyId,
    keyHash: hash(digit),
    keyPrefix: prefix,
    description: `Chave ${prefix}`,
    expiresAt,
    boundUserId,
  });

describe('identity read models', { timeout: 60_000 }, () => {
  it('given initialization, registrations, logins, status changes and deletions, then rows follow', async () => {
    // Given
    await given('system-initialization', [SystemInitialized.create({ forced: false, accounts: [] })], T1);
    await given(
      `user-${ids.admin}`,
      [
        UserRegistered.create({
          source: 'initialization',
          userId: ids.admin,
          email: 'admin@baricare.local',
          firstName: 'Administrador',
          lastName: 'do Sistema',
          isAdmin: true,
          status: 'approved',
        }),
      ],
      T1,
    );
    await given(`access-key-${ids.adminKey}`, [issued(ids.adminKey, 'a', 'AdminKey', ids.admin, null)], T1);
    await given(
      `access-key-${ids.invitation}`,
      [issued(ids.invitation, 'b', 'Convite1', null, '2025-04-01T00:00:00.000Z')],
      T2,
    );
    await given(
      `user-${ids.maria}`,
      [
        UserRegistered.create({
          source: 'access_key_invitation',
          userId: ids.maria,
          email: 'maria@sus.gov.br',
          firstName: null,
          lastName: null,
          isAdmin: false,
          status: 'pending',
          accessKeyId: ids.invitation,
        }),
      ],
      T2,
    );
    await given(
      `access-key-${ids.invitation}`,
      [
        AccessKeyBound.create({ keyId: ids.invitation, userId: ids.maria }),
        UserLoggedIn.create({
          userId: ids.maria,
          email: 'maria@sus.gov.br',
          keyId: ids.invitation,
          approved: false,
        }),
      ],
      T2,
    );
    await given(
      `user-${ids.maria}`,
      [
        UserStatusChanged.create({
          userId: ids.maria,
          email: 'maria@sus.gov.br',
          from: 'pending',
          to: 'approved',
        }),
      ],
      T3,
    );
    await given(
      `user-${ids.joao}`,
      [
        UserRegistered.create({
          source: 'administrator',
          userId: ids.joao,
          email: 'joao@sus.gov.br',
          firstName: 'João',
          lastName: 'Silva',
          isAdmin: false,
          status: 'approved',
        }),
      ],
      T2,
    );
    await given(`access-key-${ids.mariaKey}`, [issued(ids.mariaKey, 'c', 'MariaKey', ids.joao, null)], T2);
    await given(`user-${ids.joao}`, [UserDeleted.create({ userId: ids.joao, email: 'joao@sus.gov.br' })], T3);
    await given(
      `access-key-${ids.mariaKey}`,
      [AccessKeyDeactivated.create({ keyId: ids.mariaKey, reason: 'user_deleted' })],
      T3,
    );

    // Then: users
    const users = createUserQueries(harness.pool);
    expect(await users.list()).toEqual([
      {
        id: ids.admin,
        email: 'admin@baricare.local',
        firstName: 'Administrador',
        lastName: 'do Sistema',
        status: 'approved',
        isAdmin: true,
        createdAt: T1,
      },
      {
        id: ids.maria,
        email: 'maria@sus.gov.br',
        firstName: null,
        lastName: null,
        status: 'approved',
        isAdmin: false,
        createdAt: T2,
      },
    ]);
    expect(await users.findById(ids.joao)).toBeNull();
    expect(await users.findByEmail(' MARIA@sus.gov.br')).toMatchObject({ id: ids.maria });
    expect(await users.count()).toBe(2);
    expect(await users.countApprovedAdministrators()).toBe(1);
    expect(await users.findSessionUser(ids.maria, ids.invitation, new Date(T3))).toMatchObject({
      id: ids.maria,
    });
    expect(await users.findSessionUser(ids.maria, ids.adminKey, new Date(T3))).toBeNull();
    // The invitation expires on 2025-04-01: from then on its sessions end (issue 10, item 8).
    expect(
      await users.findSessionUser(ids.maria, ids.invitation, new Date('2025-04-01T00:00:00.000Z')),
    ).toBeNull();

    // Then: access keys (never the hash)
    const keys = createAccessKeyQueries(harness.pool);
    expect(await keys.findIdByHash(hash('b'))).toBe(ids.invitation);
    expect(await keys.findIdByHash(hash('f'))).toBeNull();
    expect(await keys.findById(ids.invitation)).toEqual({
      id: ids.invitation,
      keyPrefix: 'Convite1',
      description: 'Chave Convite1',
      createdAt: T2,
      expiresAt: '2025-04-01T00:00:00.000Z',
      isActive: true,
      usageCount: 1,
      userId: ids.maria,
      userEmail: 'maria@sus.gov.br',
    });
    expect(await keys.findById(ids.mariaKey)).toMatchObject({
      isActive: false,
      userId: ids.joao,
      userEmail: null,
    });
    expect(JSON.stringify(await keys.list())).not.toContain(hash('a'));
    expect(await keys.activeIdsBoundTo(ids.maria)).toEqual([ids.invitation]);
    expect(await keys.count()).toBe(3);

    // Then: initialization status
    expect(await createInitializationQueries(harness.pool).status()).toEqual({
      isInitialized: true,
      usersCount: 2,
      accessKeysCount: 3,
    });
  });

  it('rebuilds each read model from the log into the same rows', async () => {
    const users = createUserQueries(harness.pool);
    const keys = createAccessKeyQueries(harness.pool);
    const initialization = createInitializationQueries(harness.pool);
    const before = {
      users: await users.list(),
      keys: await keys.list(),
      status: await initialization.status(),
    };

    for (const projection of projections) {
      await rebuildProjection({ eventStore: harness.eventStore, pool: harness.pool, projection });
    }

    expect({
      users: await users.list(),
      keys: await keys.list(),
      status: await initialization.status(),
    }).toEqual(before);
  });

  it('counts forced initializations without losing the first one', async () => {
    await given('system-initialization', [SystemInitialized.create({ forced: true, accounts: [] })], T3);
    expect((await createInitializationQueries(harness.pool).status()).isInitialized).toBe(true);
  });
});
