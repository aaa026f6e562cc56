import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityErrorMessages } from '@bari/contracts';
import { ERROR_MESSAGES } from '../src/http/error-response.ts';
import { hashAccessKey } from '../src/identity/access-key-secret.ts';
import { createClient, logIn, signInAs, type SignedIn } from './support/http-client.ts';
import { createUser, issueKey, uniqueEmail } from './support/identity-fixtures.ts';
import { appendsNothing, readAllEvents, startTestApp, type TestApp } from './support/test-app.ts';

let app: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  app = await startTestApp();
  admin = await signInAs(app, 'admin');
});
afterAll(() => app?.stop());

describe('users', () => {
  it('creates an approved user, listed with their creation date, and records who did it', async () => {
    const email = uniqueEmail('nova');
    const response = await admin.client.post('/api/users', {
      email: ` ${email.toUpperCase()} `,
      firstName: ' Ana ',
      lastName: 'Lima',
      isAdmin: false,
    });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ email, firstName: 'Ana', lastName: 'Lima', status: 'approved' });
    expect(Date.parse(response.body.createdAt)).not.toBeNaN();
    const list = (await admin.client.get('/api/users')).body as { id: string }[];
    expect(list.map((user) => user.id)).toContain(response.body.id);
    const registered = (await readAllEvents(app)).findLast((event) => event.type === 'UserRegistered');
    expect(registered?.metadata).toMatchObject({ userId: admin.user.id, userEmail: admin.email });
  });

  it('refuses a duplicate email (compared case-insensitively) with 409', async () => {
    const user = await createUser(admin.client);
    await appendsNothing(app, async () => {
      const response = await admin.client.post('/api/users', {
        email: user.email.toUpperCase(),
        firstName: 'Outra',
        lastName: 'Pessoa',
      });
      expect(response.status).toBe(409);
      expect(response.body.message).toBe(identityErrorMessages.emailAlreadyRegistered);
      expect(response.body.code).toBe('EMAIL_ALREADY_REGISTERED');
    });
  });

  it('answers invalid input with 400 and the §5 messages, writing nothing', async () => {
    await appendsNothing(app, async () => {
      const empty = await admin.client.post('/api/users', { email: '', firstName: '', lastName: '' });
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toEqual({
        email: 'Email é obrigatório',
        firstName: 'Nome é obrigatório',
        lastName: 'Sobrenome é obrigatório',
      });
      const mistyped = await admin.client.post('/api/users', {
        email: 'maria@',
        firstName: 3,
        lastName: ['x'],
        isAdmin: 'sim',
      });
      expect(mistyped.status).toBe(400);
      expect(Object.keys(mistyped.body.errors).sort()).toEqual(['email', 'firstName', 'isAdmin', 'lastName']);
      const malformed = await admin.client.post('/api/users', undefined, { rawBody: '{"email": "a@b.br",' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe(ERROR_MESSAGES.malformedJson);
    });
  });

  it('approves and rejects, both ways, and refuses setting anyone back to pending', async () => {
    const pending = await signInAs(app, 'pending');
    const id = pending.user.id;
    const approve = await admin.client.patch(`/api/users/${id}/status`, { status: 'approved' });
    expect(approve.status).toBe(200);
    expect(approve.body.status).toBe('approved');
    expect((await admin.client.patch(`/api/users/${id}/status`, { status: 'rejected' })).body.status).toBe(
      'rejected',
    );
    expect((await admin.client.patch(`/api/users/${id}/status`, { status: 'approved' })).body.status).toBe(
      'approved',
    );
    await appendsNothing(app, async () => {
      expect((await admin.client.patch(`/api/users/${id}/status`, { status: 'pending' })).status).toBe(400);
      expect((await admin.client.patch(`/api/users/${id}/status`, { status: 7 })).status).toBe(400);
      expect((await admin.client.patch(`/api/users/${id}/status`, undefined, { rawBody: '{' })).status).toBe(
        400,
      );
    });
  });

  it('answers 404 for an unknown or malformed user id', async () => {
    await appendsNothing(app, async () => {
      const unknown = '00000000-0000-4000-8000-00000000ffff';
      expect((await admin.client.patch(`/api/users/${unknown}/status`, { status: 'approved' })).status).toBe(
        404,
      );
      expect((await admin.client.delete(`/api/users/${unknown}`)).status).toBe(404);
      expect((await admin.client.delete('/api/users/nao-e-um-id')).status).toBe(404);
    });
  });

  it('never lets an administrator reject or delete themself', async () => {
    await appendsNothing(app, async () => {
      const reject = await admin.client.patch(`/api/users/${admin.user.id}/status`, { status: 'rejected' });
      expect(reject.status).toBe(400);
      expect(reject.body.message).toBe(identityErrorMessages.cannotRejectSelf);
      expect(reject.body.code).toBe('CANNOT_REMOVE_SELF');
      const remove = await admin.client.delete(`/api/users/${admin.user.id}`);
      expect(remove.status).toBe(400);
      expect(remove.body.message).toBe(identityErrorMessages.cannotDeleteSelf);
      expect(remove.body.code).toBe('CANNOT_REMOVE_SELF');
    });
  });

  it('always leaves an approved administrator: administrators may remove each other, never the last', async () => {
    const second = await createUser(admin.client, { isAdmin: true });
    const secondKey = await issueKey(admin.client, { userId: second.id });
    const other = await logIn(app, { email: second.email, accessKey: secondKey.key });
    const developer = ((await admin.client.get('/api/users')).body as { id: string; email: string }[]).find(
      (user) => user.email === 'dev@baricare.local',
    );

    expect((await other.client.delete(`/api/users/${developer!.id}`)).status).toBe(204);
    expect(
      (await other.client.patch(`/api/users/${admin.user.id}/status`, { status: 'rejected' })).status,
    ).toBe(200);
    // The first administrator is out; the second is the last one and cannot remove themself.
    expect((await admin.client.get('/api/users')).status).toBe(401);
    expect((await other.client.delete(`/api/users/${second.id}`)).status).toBe(400);
    const administrators = (
      (await other.client.get('/api/users')).body as {
        isAdmin: boolean;
        status: string;
      }[]
    ).filter((user) => user.isAdmin && user.status === 'approved');
    expect(administrators).toHaveLength(1);

    // Put things back for the other tests.
    expect(
      (await other.client.patch(`/api/users/${admin.user.id}/status`, { status: 'approved' })).status,
    ).toBe(200);
    admin = await logIn(app, admin);
  });

  it('deletes a user: gone from the list, their email free, their keys inactive', async () => {
    const user = await createUser(admin.client);
    const key = await issueKey(admin.client, { userId: user.id });

    expect((await admin.client.delete(`/api/users/${user.id}`)).status).toBe(204);

    const list = (await admin.client.get('/api/users')).body as { id: string }[];
    expect(list.map((item) => item.id)).not.toContain(user.id);
    const keys = (await admin.client.get('/api/access-keys')).body as { id: string; isActive: boolean }[];
    expect(keys.find((item) => item.id === key.id)?.isActive).toBe(false);
    expect((await admin.client.delete(`/api/users/${user.id}`)).status).toBe(404);
    expect((await createUser(admin.client, { email: user.email })).email).toBe(user.email);
  });

  it('answers the debug call for administrators', async () => {
    expect((await admin.client.get('/api/admin/debug-user')).body).toEqual({
      canAccessAdminFeatures: true,
      environment: 'test',
    });
  });
});

describe('access keys', () => {
  it('returns the full key once, then lists only its first 8 characters', async () => {
    const created = await admin.client.post('/api/access-keys', { description: ' Recepção ', expiresAt: '' });

    expect(created.status).toBe(201);
    const { key } = created.body as { key: string };
    expect(key).toMatch(/^[0-9A-Za-z]{43}$/);
    expect(created.body).toMatchObject({
      description: 'Recepção',
      keyPrefix: key.slice(0, 8),
      expiresAt: null,
      isActive: true,
      usageCount: 0,
      userId: null,
    });
    const listing = await admin.client.get('/api/access-keys');
    const item = (listing.body as { id: string }[]).find((entry) => entry.id === created.body.id);
    expect(item).toMatchObject({ keyPrefix: key.slice(0, 8) });
    expect(item).not.toHaveProperty('key');
    expect(listing.text).not.toContain(key.slice(8));
    expect(listing.text).not.toContain(hashAccessKey(key));
    expect((await admin.client.get('/api/users')).text).not.toContain(key.slice(8));
  });

  it('issues one key for a request sent again with its Idempotency-Key, and does not show it again', async () => {
    const headers = { 'Idempotency-Key': 'nova-chave-recepcao-1' };
    const body = { description: 'Recepção (repetida)' };
    const first = await admin.client.post('/api/access-keys', body, { headers });
    expect(first.status).toBe(201);
    const prefix = (first.body as { keyPrefix: string }).keyPrefix;

    // The answer was lost, the request sent again: refused, naming the key to deactivate.
    const again = await appendsNothing(app, () => admin.client.post('/api/access-keys', body, { headers }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'ACCESS_KEY_ISSUED_BEFORE',
      message: identityErrorMessages.accessKeyIssuedBefore(prefix),
    });
    expect(again.text).not.toContain((first.body as { key: string }).key);
    // Another body under the same key is another request: 422.
    const other = await appendsNothing(app, () =>
      admin.client.post('/api/access-keys', { description: 'Outra' }, { headers }),
    );
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const listed = (await admin.client.get('/api/access-keys')).body as {
      description: string;
      isActive: boolean;
    }[];
    expect(listed.filter((key) => key.description === 'Recepção (repetida)')).toHaveLength(1);
    // Sent several times at once: one key, every other answer the same refusal.
    const burst = { 'Idempotency-Key': 'nova-chave-recepcao-2' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        admin.client.post('/api/access-keys', { description: 'Rajada' }, { headers: burst }),
      ),
    );
    expect(answers.map(({ status }) => status).sort()).toEqual([
      201,
      ...Array.from({ length: 19 }, () => 409),
    ]);
    for (const refused of answers.filter(({ status }) => status === 409)) {
      expect(refused.body).toMatchObject({ code: 'ACCESS_KEY_ISSUED_BEFORE' });
    }
    // Without the header, each press is a new key, as before.
    expect((await admin.client.post('/api/access-keys', body)).status).toBe(201);
  });

  it('never stores the key, only its hash and prefix', async () => {
    const { key } = await issueKey(admin.client);
    const events = JSON.stringify(
      (await readAllEvents(app)).map(({ data, metadata }) => ({ data, metadata })),
    );
    expect(events).not.toContain(key);
    expect(events).toContain(hashAccessKey(key));
  });

  it('binds a key to an existing user, and refuses an unknown one', async () => {
    const user = await createUser(admin.client);
    const bound = await issueKey(admin.client, { userId: user.id });
    expect(bound).toMatchObject({ userId: user.id, userEmail: user.email });
    await appendsNothing(app, async () => {
      const unknown = await admin.client.post('/api/access-keys', {
        description: 'x',
        userId: '00000000-0000-4000-8000-00000000ffff',
      });
      expect(unknown.status).toBe(404);
    });
  });

  it('keeps an expiry, in the future only', async () => {
    const expiresAt = new Date(app.clock.now().getTime() + 86_400_000).toISOString();
    expect((await issueKey(admin.client, { expiresAt })).expiresAt).toBe(expiresAt);
  });

  it('answers invalid input with 400 and the §5 message, writing nothing', async () => {
    await appendsNothing(app, async () => {
      const blank = await admin.client.post('/api/access-keys', { description: '   ' });
      expect(blank.status).toBe(400);
      expect(blank.body.errors).toEqual({ description: 'A descrição é obrigatória' });
      const mistyped = await admin.client.post('/api/access-keys', {
        description: 5,
        expiresAt: 'amanhã',
        userId: 'fulano',
      });
      expect(mistyped.status).toBe(400);
      expect(Object.keys(mistyped.body.errors).sort()).toEqual(['description', 'expiresAt', 'userId']);
    });
  });

  it('deactivates a key, one way, and answers 404 for an unknown one', async () => {
    const key = await issueKey(admin.client);
    const first = await admin.client.patch(`/api/access-keys/${key.id}/deactivate`);
    expect(first.status).toBe(200);
    expect(first.body.isActive).toBe(false);
    await appendsNothing(app, async () => {
      expect((await admin.client.patch(`/api/access-keys/${key.id}/deactivate`)).status).toBe(200);
      expect(
        (await admin.client.patch('/api/access-keys/00000000-0000-4000-8000-00000000ffff/deactivate')).status,
      ).toBe(404);
      expect((await admin.client.patch('/api/access-keys/abc/deactivate')).status).toBe(404);
    });
  });

  it('counts each use of a key', async () => {
    const user = await createUser(admin.client);
    const key = await issueKey(admin.client, { userId: user.id });
    await logIn(app, { email: user.email, accessKey: key.key });
    await logIn(app, { email: user.email, accessKey: key.key });
    const keys = (await admin.client.get('/api/access-keys')).body as { id: string; usageCount: number }[];
    expect(keys.find((item) => item.id === key.id)?.usageCount).toBe(2);
    expect((await createClient(app.baseUrl).get('/api/access-keys')).status).toBe(401);
  });
});
