import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjections, createProjectionRunner } from '@bari/projections';
import { createClient, signInAs, type SignedIn } from './support/http-client.ts';
import { createUser, issueKey, uniqueEmail } from './support/identity-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * A write that succeeded answers from what the command decided, never from a read model that
 * has not caught up. The app runs with `PROJECTOR=external`; the test plays the separate
 * projector: it projects while the administrator signs in (sessions and key lookups need the
 * read models), then stops, so every later read-your-writes wait times out (200 ms).
 */
describe('writes while the read models lag', () => {
  let app: TestApp;
  let admin: SignedIn;
  let invitationKey: string;
  let approvedUser: { id: string; email: string };

  beforeAll(async () => {
    app = await startTestApp({ env: { PROJECTOR: 'external', READ_YOUR_WRITES_TIMEOUT_MS: '200' } });
    const projector = createProjectionRunner({
      eventStore: app.deps.eventStore,
      pool: app.deps.pool,
      projections: allProjections,
      logger: app.deps.logger,
    });
    await projector.start();
    try {
      admin = await signInAs(app, 'admin');
      invitationKey = (await issueKey(admin.client, { description: 'Convite' })).key;
      approvedUser = await createUser(admin.client);
    } finally {
      await projector.stop();
    }
  });
  afterAll(() => app?.stop());

  it('answers POST /api/access-keys with 201 and the full key', async () => {
    const response = await admin.client.post('/api/access-keys', {
      description: 'Enfermagem',
      userId: approvedUser.id,
    });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      description: 'Enfermagem',
      isActive: true,
      usageCount: 0,
      userId: approvedUser.id,
      userEmail: approvedUser.email,
      expiresAt: null,
    });
    expect(response.body.key).toMatch(/^[A-Za-z0-9]{43}$/);
    expect(response.body.keyPrefix).toBe((response.body.key as string).slice(0, 8));
    expect(Date.parse(response.body.createdAt)).not.toBeNaN();
  });

  it('answers POST /api/users with 201 and the new user', async () => {
    const email = uniqueEmail('atrasada');
    const response = await admin.client.post('/api/users', {
      email,
      firstName: 'Ana',
      lastName: 'Lima',
      isAdmin: true,
    });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      email,
      firstName: 'Ana',
      lastName: 'Lima',
      isAdmin: true,
      status: 'approved',
    });
    expect(Date.parse(response.body.createdAt)).not.toBeNaN();
  });

  it('answers status changes and deactivations from the streams', async () => {
    const rejected = await admin.client.patch(`/api/users/${approvedUser.id}/status`, { status: 'rejected' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ id: approvedUser.id, status: 'rejected' });

    const key = await admin.client.post('/api/access-keys', { description: 'Para desativar' });
    const deactivated = await admin.client.patch(`/api/access-keys/${key.body.id}/deactivate`);
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({
      id: key.body.id,
      isActive: false,
      createdAt: key.body.createdAt,
    });
  });

  it('signs in a newcomer with an invitation key (a user no read model knows yet)', async () => {
    const email = uniqueEmail('convidada');
    const response = await createClient(app.baseUrl).post('/api/auth/login', {
      email,
      accessKey: invitationKey,
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email, status: 'pending', isAdmin: false, firstName: null });
  });
});
