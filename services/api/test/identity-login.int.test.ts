import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { identityErrorMessages } from '@bari/contracts';
import { hashAccessKey } from '../src/identity/access-key-secret.ts';
import { createClient, signInAs, type SignedIn } from './support/http-client.ts';
import { createUser, issueKey, uniqueEmail } from './support/identity-fixtures.ts';
import {
  countEvents,
  readAllEvents,
  resetLoginThrottle,
  startTestApp,
  type TestApp,
} from './support/test-app.ts';

const INVALID = {
  status: 401,
  code: 'INVALID_CREDENTIALS',
  message: identityErrorMessages.invalidCredentials,
};

let app: TestApp;
let admin: SignedIn;
const keysSeen: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  admin = await signInAs(app, 'admin');
  keysSeen.push(admin.accessKey);
});
afterAll(() => app?.stop());
beforeEach(() => resetLoginThrottle(app));

async function attempt(email: string, accessKey: string) {
  const response = await createClient(app.baseUrl).post('/api/auth/login', { email, accessKey });
  const body = response.body as { code?: string; message?: string } | undefined;
  return { status: response.status, code: body?.code, message: body?.message, response };
}

describe('login', () => {
  it('signs an approved user in with their own key, the email compared case-insensitively', async () => {
    const user = await createUser(admin.client);
    const key = await issueKey(admin.client, { userId: user.id });
    keysSeen.push(key.key);

    const client = createClient(app.baseUrl);
    const response = await client.post('/api/auth/login', {
      email: `  ${user.email.toUpperCase()} `,
      accessKey: key.key,
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: user.id,
      email: user.email,
      firstName: 'Maria',
      lastName: 'Souza',
      status: 'approved',
      isAdmin: false,
    });
    expect((await client.get('/api/auth/user')).body).toMatchObject({ id: user.id, status: 'approved' });
    const listed = (await admin.client.get('/api/access-keys')).body as { id: string; usageCount: number }[];
    expect(listed.find((item) => item.id === key.id)?.usageCount).toBe(1);
  });

  it('signs in with a key pasted with a space or a line break around it', async () => {
    const user = await createUser(admin.client);
    const key = await issueKey(admin.client, { userId: user.id });
    keysSeen.push(key.key);

    const response = await createClient(app.baseUrl).post('/api/auth/login', {
      email: user.email,
      accessKey: ` ${key.key}\n`,
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: user.id });
    // Nothing but spaces is no key at all: the form's own message.
    const blank = await createClient(app.baseUrl).post('/api/auth/login', {
      email: user.email,
      accessKey: '   ',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({ accessKey: 'Chave de acesso é obrigatória' });
  });

  it('records the login with who and from where', async () => {
    const signedIn = await signInAs(app, 'approved');
    const login = (await readAllEvents(app)).findLast((event) => event.type === 'UserLoggedIn');
    expect(login?.data).toMatchObject({ userId: signedIn.user.id, email: signedIn.email, approved: true });
    expect(login?.metadata).toMatchObject({
      userId: signedIn.user.id,
      userEmail: signedIn.email,
      clientIp: expect.stringContaining('127.0.0.1'),
      correlationId: expect.any(String),
    });
  });

  it('refuses an unknown email, a wrong key and an empty-looking key alike', async () => {
    expect(await attempt(uniqueEmail(), admin.accessKey)).toMatchObject(INVALID);
    // Its last character changed (to 'x', or 'y' when it already is an 'x': the key is random).
    const wrongKey = `${admin.accessKey.slice(0, -1)}${admin.accessKey.endsWith('x') ? 'y' : 'x'}`;
    expect(await attempt(admin.email, wrongKey)).toMatchObject(INVALID);
    expect(await attempt(admin.email, 'x')).toMatchObject(INVALID);
  });

  it('records a refusal for the audit trail, without anything typed as the key', async () => {
    const wrongKey = 'ChaveErradaDigitadaPorEngano0123456789abcd';
    await attempt(admin.email, wrongKey);
    const refusal = (await readAllEvents(app)).findLast((event) => event.type === 'LoginFailed');
    expect(refusal?.data).toEqual({ email: admin.email, reason: 'unknown_key', keyId: null });
    expect(JSON.stringify({ data: refusal?.data, metadata: refusal?.metadata })).not.toContain(
      wrongKey.slice(0, 8),
    );
  });

  it('records each refusal in a stream of its own, even when the caller repeats its request id', async () => {
    const requestId = 'repetido-0123456789';
    for (let index = 0; index < 2; index += 1) {
      const response = await createClient(app.baseUrl).post(
        '/api/auth/login',
        { email: admin.email, accessKey: 'ChaveErrada0123456789ChaveErrada0123456789' },
        { headers: { 'X-Request-Id': requestId } },
      );
      expect(response.status).toBe(INVALID.status);
    }
    const refusals = (await readAllEvents(app)).filter(
      (event) => event.type === 'LoginFailed' && event.metadata.correlationId === requestId,
    );
    expect(refusals).toHaveLength(2);
    const [first, second] = refusals.map((event) => event.streamId);
    expect(first).toMatch(/^login-failure-[0-9a-f-]{36}$/);
    expect(second).toMatch(/^login-failure-[0-9a-f-]{36}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain(requestId);
  });

  it('refuses a deactivated key', async () => {
    const user = await createUser(admin.client);
    const key = await issueKey(admin.client, { userId: user.id });
    expect((await admin.client.patch(`/api/access-keys/${key.id}/deactivate`)).status).toBe(200);
    expect(await attempt(user.email, key.key)).toMatchObject(INVALID);
  });

  it('refuses an expired key', async () => {
    const user = await createUser(admin.client);
    const expiresAt = new Date(app.clock.now().getTime() + 60 * 60 * 1000).toISOString();
    const key = await issueKey(admin.client, { userId: user.id, expiresAt });
    expect((await attempt(user.email, key.key)).status).toBe(200);

    app.clock.advance(61 * 60 * 1000);

    expect(await attempt(user.email, key.key)).toMatchObject(INVALID);
  });

  it('refuses an expiry that is not in the future', async () => {
    const response = await admin.client.post('/api/access-keys', {
      description: 'Vencida',
      expiresAt: new Date(app.clock.now().getTime() - 1000).toISOString(),
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(identityErrorMessages.accessKeyExpiryInPast);
  });

  it('never lets a key bound to one user sign in another', async () => {
    const maria = await createUser(admin.client);
    const joao = await createUser(admin.client, { firstName: 'João' });
    const mariasKey = await issueKey(admin.client, { userId: maria.id });

    expect(await attempt(joao.email, mariasKey.key)).toMatchObject(INVALID);
    expect(await attempt(admin.email, mariasKey.key)).toMatchObject(INVALID);
    expect(await attempt(maria.email, admin.accessKey)).toMatchObject(INVALID);
  });

  it('never lets an unbound key sign in an existing account (the administrator’s included)', async () => {
    const invitation = await issueKey(admin.client);
    const existing = await createUser(admin.client);

    expect(await attempt(admin.email, invitation.key)).toMatchObject(INVALID);
    expect(await attempt(existing.email, invitation.key)).toMatchObject(INVALID);
    const listed = (await admin.client.get('/api/access-keys')).body as {
      id: string;
      userId: string | null;
    }[];
    expect(listed.find((item) => item.id === invitation.id)?.userId).toBeNull();
  });

  it('registers a new email with an unbound key as a pending user, signed in but confined', async () => {
    const invitation = await issueKey(admin.client);
    const email = uniqueEmail('convite');
    const client = createClient(app.baseUrl);

    const response = await client.post('/api/auth/login', { email, accessKey: invitation.key });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email, status: 'pending', isAdmin: false, firstName: null });
    expect((await client.get('/api/auth/user')).body).toMatchObject({ email, status: 'pending' });
    expect((await client.get('/api/users')).status).toBe(403);
    const users = (await admin.client.get('/api/users')).body as { email: string; status: string }[];
    expect(users.find((user) => user.email === email)?.status).toBe('pending');
    const keys = (await admin.client.get('/api/access-keys')).body as { id: string; userEmail: string }[];
    expect(keys.find((item) => item.id === invitation.id)?.userEmail).toBe(email);

    // The key is now theirs: it signs them in again, and nobody else.
    expect((await attempt(email, invitation.key)).status).toBe(200);
    expect(await attempt(uniqueEmail('outro'), invitation.key)).toMatchObject(INVALID);
  });

  it('signs a rejected user in, confined, so the screen can say so', async () => {
    const rejected = await signInAs(app, 'rejected');
    expect(rejected.user.status).toBe('rejected');
    expect((await rejected.client.get('/api/access-keys')).status).toBe(403);
  });

  it('answers 400 for malformed or mistyped input, and writes nothing', async () => {
    const invitation = await issueKey(admin.client);
    const before = await countEvents(app);
    const client = createClient(app.baseUrl);
    const malformed = await client.post('/api/auth/login', undefined, { rawBody: '{"email":' });
    expect(malformed.status).toBe(400);
    const mistyped = await client.post('/api/auth/login', { email: 42, accessKey: ['x'] });
    expect(mistyped.status).toBe(400);
    expect(Object.keys(mistyped.body.errors)).toEqual(['email', 'accessKey']);
    expect((await client.post('/api/auth/login', { email: 'não-é-email', accessKey: 'x' })).status).toBe(400);
    // Longer than an address may be (254): refused at the door, with an invitation key too.
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`;
    for (const accessKey of ['x', invitation.key]) {
      const refused = await client.post('/api/auth/login', { email: long, accessKey });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.errors)).toEqual(['email']);
    }
    expect((await client.post('/api/auth/login')).status).toBe(400);
    expect(await countEvents(app)).toBe(before);
  });
});

describe('logout', () => {
  it('ends the session on the server: the old cookie is worthless afterwards', async () => {
    const signedIn = await signInAs(app, 'approved');
    const cookie = signedIn.client.cookieHeader();

    const response = await signedIn.client.post('/api/auth/logout');

    expect(response.status).toBe(200);
    expect(signedIn.client.cookies.size).toBe(0);
    const replay = await fetch(`${app.baseUrl}/api/auth/user`, { headers: { Cookie: cookie } });
    expect(replay.status).toBe(401);
    expect(await replay.text()).toContain('Unauthorized');
    const logout = (await readAllEvents(app)).findLast((event) => event.type === 'UserLoggedOut');
    expect(logout?.metadata).toMatchObject({ userId: signedIn.user.id, userEmail: signedIn.email });
  });

  it('is harmless when already signed out', async () => {
    expect((await createClient(app.baseUrl).post('/api/auth/logout')).status).toBe(200);
  });

  it('GET /api/logout ends the session and sends the browser to /login', async () => {
    const signedIn = await signInAs(app, 'pending');
    const cookie = signedIn.client.cookieHeader();

    const response = await signedIn.client.get('/api/logout');

    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login');
    expect((await fetch(`${app.baseUrl}/api/auth/user`, { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it.each(['cross-site', 'same-site'])(
    'GET /api/logout from a %s page keeps the session and records nothing, but still redirects',
    async (site) => {
      const signedIn = await signInAs(app, 'approved');
      const before = await countEvents(app);

      const response = await signedIn.client.get('/api/logout', { headers: { 'Sec-Fetch-Site': site } });

      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/login');
      expect((await signedIn.client.get('/api/auth/user')).status).toBe(200);
      expect(await countEvents(app)).toBe(before);
    },
  );

  it.each(['same-origin', 'none'])('GET /api/logout with Sec-Fetch-Site %s signs out', async (site) => {
    const signedIn = await signInAs(app, 'approved');

    const response = await signedIn.client.get('/api/logout', { headers: { 'Sec-Fetch-Site': site } });

    expect(response.status).toBe(302);
    expect((await signedIn.client.get('/api/auth/user')).status).toBe(401);
    const logout = (await readAllEvents(app)).findLast((event) => event.type === 'UserLoggedOut');
    expect(logout?.data).toMatchObject({ userId: signedIn.user.id });
  });

  it('GET /api/login sends the browser to /login', async () => {
    const response = await createClient(app.baseUrl).get('/api/login');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login');
  });
});

describe('session fixation', () => {
  it('issues a new session id at login: an id planted before login is worth nothing after', async () => {
    // An attacker signs in (as a pending user) and plants their session cookie in the victim's browser.
    const attacker = await signInAs(app, 'pending');
    const planted = attacker.client.cookieHeader();
    const victim = createClient(app.baseUrl);
    for (const [name, value] of attacker.client.cookies) victim.cookies.set(name, value);
    const user = await createUser(admin.client);
    const key = await issueKey(admin.client, { userId: user.id });

    expect((await victim.post('/api/auth/login', { email: user.email, accessKey: key.key })).status).toBe(
      200,
    );

    expect(victim.cookieHeader()).not.toBe(planted);
    expect((await victim.get('/api/auth/user')).body.id).toBe(user.id);
    const withPlanted = await fetch(`${app.baseUrl}/api/auth/user`, { headers: { Cookie: planted } });
    expect(withPlanted.status).toBe(401);
  });

  it('ignores an invented session id', async () => {
    const client = createClient(app.baseUrl);
    client.cookies.set('bari.sid', 'A'.repeat(43));
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });
});

describe('secrets', () => {
  it('never writes an access key or its hash to the log', async () => {
    const pending = await signInAs(app, 'pending');
    keysSeen.push(pending.accessKey);
    const logged = JSON.stringify(app.logs);
    expect(app.logs.length).toBeGreaterThan(0);
    for (const key of keysSeen) {
      expect(logged).not.toContain(key);
      expect(logged).not.toContain(hashAccessKey(key));
    }
  });
});
