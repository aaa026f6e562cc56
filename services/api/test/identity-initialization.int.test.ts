import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forceInitializationLines as lines, identityErrorMessages } from '@bari/contracts';
import { AUTH_MESSAGES } from '../src/http/auth/messages.ts';
import { createClient, logIn, rememberAdministrator, signInAs } from './support/http-client.ts';
import { countEvents, readAllEvents, startTestApp, type TestApp, type LogLine } from './support/test-app.ts';

const ADMIN = 'admin@baricare.local';
const DEVELOPER = 'dev@baricare.local';

/** The setup token the server printed at start-up. */
function setupTokenIn(logs: readonly LogLine[]): string {
  const line = logs.find((entry) => entry.msg?.startsWith('Token de configuração'));
  const token = line?.msg?.split(': ').at(-1);
  if (!token) throw new Error('the server did not log a setup token');
  return token;
}

describe('initialization', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.stop());

  it('reports a fresh system as not initialized, naming the accounts it will create (no keys)', async () => {
    expect((await createClient(app.baseUrl).get('/api/initialization-status')).body).toEqual({
      isInitialized: false,
      usersCount: 0,
      accessKeysCount: 0,
      accounts: [
        { description: 'Administrador do sistema', email: ADMIN },
        { description: 'Desenvolvedor', email: DEVELOPER },
      ],
      // The test client is on the server's machine (127.0.0.1): no setup token needed.
      setupTokenRequired: false,
    });
  });

  it('creates the two default administrators once, each with a random bound key shown once', async () => {
    const anonymous = createClient(app.baseUrl);
    const response = await anonymous.post('/api/initialize');

    expect(response.status).toBe(201);
    const credentials = response.body.credentials as {
      description: string;
      email: string;
      accessKey: string;
    }[];
    expect(credentials.map(({ description, email }) => ({ description, email }))).toEqual([
      { description: 'Administrador do sistema', email: ADMIN },
      { description: 'Desenvolvedor', email: DEVELOPER },
    ]);
    for (const { accessKey } of credentials) expect(accessKey).toMatch(/^[0-9A-Za-z]{43}$/);
    expect(credentials[0]!.accessKey).not.toBe(credentials[1]!.accessKey);
    expect((await anonymous.get('/api/initialization-status')).body).toEqual({
      isInitialized: true,
      usersCount: 2,
      accessKeysCount: 2,
    });
    for (const credential of credentials) {
      const signedIn = await logIn(app, credential);
      expect(signedIn.user).toMatchObject({ email: credential.email, status: 'approved', isAdmin: true });
    }
    const initialized = (await readAllEvents(app)).find((event) => event.type === 'SystemInitialized');
    expect(initialized?.metadata).toMatchObject({ userId: null, clientIp: expect.any(String) });
  });

  it('refuses a second initialization with 409, writing nothing', async () => {
    const before = await countEvents(app);
    const again = await createClient(app.baseUrl).post('/api/initialize');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(identityErrorMessages.alreadyInitialized);
    expect(await countEvents(app)).toBe(before);
  });
});

describe('force-initialization', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.stop());

  it('is refused (403) to anyone without an administrator session or the setup token', async () => {
    const before = await countEvents(app);
    const anonymous = createClient(app.baseUrl);
    for (const response of [
      await anonymous.post('/api/force-initialize'),
      await anonymous.post('/api/force-initialize', { setupToken: 'adivinhado' }),
      await anonymous.post('/api/force-initialize', undefined, { headers: { 'X-Setup-Token': 'x' } }),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(AUTH_MESSAGES.forceInitializationForbidden);
    }
    expect(await countEvents(app)).toBe(before);
  });

  it('works once with the setup token printed in the server log, on an empty system', async () => {
    const token = setupTokenIn(app.logs);
    const anonymous = createClient(app.baseUrl);

    const response = await anonymous.post('/api/force-initialize', { setupToken: token });

    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([
      lines.userCreated(ADMIN),
      lines.keyCreated(ADMIN),
      lines.userCreated(DEVELOPER),
      lines.keyCreated(DEVELOPER),
      lines.done,
    ]);
    const [admin] = response.body.credentials as { email: string; accessKey: string }[];
    expect((await logIn(app, admin!)).user.isAdmin).toBe(true);
    rememberAdministrator(app, admin!);
    expect((await createClient(app.baseUrl).get('/api/initialization-status')).body.isInitialized).toBe(true);

    const reuse = await anonymous.post('/api/force-initialize', { setupToken: token });
    expect(reuse.status).toBe(403);
    const header = await anonymous.post('/api/force-initialize', undefined, {
      headers: { 'X-Setup-Token': token },
    });
    expect(header.status).toBe(403);
  });

  it('is refused to approved users who are not administrators, and to confined ones', async () => {
    for (const role of ['approved', 'pending', 'rejected'] as const) {
      const signedIn = await signInAs(app, role);
      expect((await signedIn.client.post('/api/force-initialize')).status).toBe(403);
    }
  });

  it('verifies existing accounts for an administrator: approves them again and gives each a new key', async () => {
    const admin = await signInAs(app, 'admin');
    const developer = ((await admin.client.get('/api/users')).body as { id: string; email: string }[]).find(
      (user) => user.email === DEVELOPER,
    )!;
    await admin.client.patch(`/api/users/${developer.id}/status`, { status: 'rejected' });

    const response = await admin.client.post('/api/force-initialize');

    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([
      lines.userVerified(ADMIN),
      lines.keyCreated(ADMIN),
      lines.userVerified(DEVELOPER),
      lines.userApproved(DEVELOPER),
      // The developer's first default key is replaced (once the new one exists); the acting
      // administrator's is kept.
      lines.keyCreated(DEVELOPER),
      lines.keysDeactivated(DEVELOPER, 1),
      lines.done,
    ]);
    const [, devCredential] = response.body.credentials as { email: string; accessKey: string }[];
    expect((await logIn(app, devCredential!)).user).toMatchObject({ email: DEVELOPER, status: 'approved' });
    const forced = (await readAllEvents(app)).findLast((event) => event.type === 'SystemInitialized');
    expect(forced?.data).toMatchObject({ forced: true });
    expect(forced?.metadata).toMatchObject({ userId: admin.user.id });
  });
});
