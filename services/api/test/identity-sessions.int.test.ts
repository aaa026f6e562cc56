import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sessionIdHash } from '../src/http/session/session-store.ts';
import {
  SESSION_ABSOLUTE_TIMEOUT_MS,
  SESSION_IDLE_TIMEOUT_MS,
} from '../src/http/session/session-timeouts.ts';
import { sql } from '../src/shared/sql.ts';
import { createClient, logIn, signInAs, type SignedIn } from './support/http-client.ts';
import { createUser, issueKey } from './support/identity-fixtures.ts';
import { appendEvents, countEvents, startTestApp, type TestApp } from './support/test-app.ts';

const HOUR = 60 * 60 * 1000;

let app: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  app = await startTestApp();
  admin = await signInAs(app, 'admin');
});
afterAll(() => app?.stop());
// The timeout tests move the clock past the administrator's session too: sign in afresh.
beforeEach(async () => {
  admin = await logIn(app, admin);
});

const isSignedIn = async (client: SignedIn['client']) => (await client.get('/api/auth/user')).status === 200;

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, host-wide, not Secure over plain HTTP, and carries a 256-bit id', async () => {
    const response = await fetch(`${app.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: admin.email, accessKey: admin.accessKey }),
    });
    const [cookie, ...others] = response.headers.getSetCookie();
    expect(others).toEqual([]);
    expect(cookie).toMatch(/^bari\.sid=[A-Za-z0-9_-]{43}; /);
    const attributes = cookie!.toLowerCase();
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
    expect(attributes).not.toContain('secure');
    expect(attributes).not.toContain('domain=');
  });

  it('is stored server-side only as a hash of its id', async () => {
    const signedIn = await logIn(app, admin);
    const id = signedIn.client.cookies.get('bari.sid')!;
    const rows = await app.deps.pool.any(
      sql.type(z.object({ idHash: z.string(), userId: z.string() }))`
        select id_hash as "idHash", user_id::text as "userId" from http_sessions
      `,
    );
    expect(rows).toContainEqual({ idHash: sessionIdHash(id), userId: admin.user.id });
    expect(JSON.stringify(rows)).not.toContain(id);
  });

  it('is not set for anonymous visitors', async () => {
    const response = await fetch(`${app.baseUrl}/api/initialization-status`);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe('over HTTPS (behind a trusted TLS proxy)', () => {
  let secureApp: TestApp;
  beforeAll(async () => {
    secureApp = await startTestApp({ env: { HTTPS: 'true', TRUST_PROXY: 'true' } });
  });
  afterAll(() => secureApp?.stop());

  it('is Secure and __Host- prefixed', async () => {
    const initialized = await createClient(secureApp.baseUrl).post('/api/initialize', undefined, {
      headers: { 'X-Forwarded-Proto': 'https', Origin: secureApp.baseUrl.replace('http:', 'https:') },
    });
    expect(initialized.status).toBe(201);
    const { email, accessKey } = initialized.body.credentials[0];
    const response = await fetch(`${secureApp.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-Proto': 'https' },
      body: JSON.stringify({ email, accessKey }),
    });
    expect(response.status).toBe(200);
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^__Host-bari\.sid=[A-Za-z0-9_-]{43}; /);
    expect(cookie!.toLowerCase()).toContain('; secure');
    expect(cookie!.toLowerCase()).toContain('path=/');
  });
});

describe('timeouts', () => {
  it('ends a session left idle for 8 hours', async () => {
    const signedIn = await logIn(app, admin);
    app.clock.advance(SESSION_IDLE_TIMEOUT_MS - HOUR);
    expect(await isSignedIn(signedIn.client)).toBe(true);

    app.clock.advance(SESSION_IDLE_TIMEOUT_MS + 1000);

    expect(await isSignedIn(signedIn.client)).toBe(false);
  });

  it('ends any session 24 hours after its login, however busy', async () => {
    const signedIn = await logIn(app, admin);
    for (let hours = 0; hours + 7 < 24; hours += 7) {
      app.clock.advance(7 * HOUR);
      expect(await isSignedIn(signedIn.client)).toBe(true);
    }

    app.clock.advance(SESSION_ABSOLUTE_TIMEOUT_MS - 21 * HOUR + 1000);

    expect(await isSignedIn(signedIn.client)).toBe(false);
  });
});

describe('sessions ended by administrators', () => {
  it('ends the sessions of a user who is rejected', async () => {
    const user = await createUser(admin.client);
    const key = await issueKey(admin.client, { userId: user.id });
    const first = await logIn(app, { email: user.email, accessKey: key.key });
    const second = await logIn(app, { email: user.email, accessKey: key.key });

    await admin.client.patch(`/api/users/${user.id}/status`, { status: 'rejected' });

    expect(await isSignedIn(first.client)).toBe(false);
    expect(await isSignedIn(second.client)).toBe(false);
    expect(await isSignedIn(admin.client)).toBe(true);
    // Signing in again is allowed, confined: the screen says 'Acesso Negado'.
    expect((await logIn(app, { email: user.email, accessKey: key.key })).user.status).toBe('rejected');
  });

  it('ends the sessions of a user who is deleted, and their key signs nobody in', async () => {
    const user = await createUser(admin.client);
    const key = await issueKey(admin.client, { userId: user.id });
    const signedIn = await logIn(app, { email: user.email, accessKey: key.key });

    expect((await admin.client.delete(`/api/users/${user.id}`)).status).toBe(204);

    expect(await isSignedIn(signedIn.client)).toBe(false);
    const again = await createClient(app.baseUrl).post('/api/auth/login', {
      email: user.email,
      accessKey: key.key,
    });
    expect(again.status).toBe(401);
    const keys = (await admin.client.get('/api/access-keys')).body as { id: string; isActive: boolean }[];
    expect(keys.find((item) => item.id === key.id)?.isActive).toBe(false);
  });

  it('ends the sessions opened with a key that is deactivated, not those opened with another', async () => {
    const user = await createUser(admin.client);
    const deactivated = await issueKey(admin.client, { userId: user.id });
    const kept = await issueKey(admin.client, { userId: user.id });
    const withDeactivated = await logIn(app, { email: user.email, accessKey: deactivated.key });
    const withKept = await logIn(app, { email: user.email, accessKey: kept.key });

    await admin.client.patch(`/api/access-keys/${deactivated.id}/deactivate`);

    expect(await isSignedIn(withDeactivated.client)).toBe(false);
    expect(await isSignedIn(withKept.client)).toBe(true);
  });

  it('ends a session whose key has expired since, like one whose key was deactivated (issue 10, item 8)', async () => {
    const user = await createUser(admin.client);
    const expiresAt = new Date(app.clock.now().getTime() + HOUR).toISOString();
    const expiring = await issueKey(admin.client, { userId: user.id, expiresAt });
    const signedIn = await logIn(app, { email: user.email, accessKey: expiring.key });
    expect(await isSignedIn(signedIn.client)).toBe(true);

    app.clock.advance(HOUR + 1000);

    expect(await isSignedIn(signedIn.client)).toBe(false);
  });

  it('signs out a session whose user left the read model without passing through the routes', async () => {
    // E.g. deleted by another API process whose session clean-up did not reach this one.
    const user = await createUser(admin.client);
    const key = await issueKey(admin.client, { userId: user.id });
    const signedIn = await logIn(app, { email: user.email, accessKey: key.key });
    const { position } = await appendEvents(app, `user-${user.id}`, [
      { type: 'UserDeleted', data: { userId: user.id, email: user.email } },
    ]);
    await app.deps.waitForProjections(position);

    expect(await isSignedIn(signedIn.client)).toBe(false);
  });

  it('lets a deleted user’s email be registered again, as a new account', async () => {
    const user = await createUser(admin.client);
    await admin.client.delete(`/api/users/${user.id}`);
    const again = await createUser(admin.client, { email: user.email });
    expect(again.id).not.toBe(user.id);
  });
});

describe("a tab of another user (the cookie is the browser's, shared by its tabs)", () => {
  it("refuses a call naming another user than the session's (401, nothing written or audited), and the session goes on", async () => {
    const other = await signInAs(app, 'approved');
    const asTab = (userId: string) => ({ headers: { 'X-Bari-User': userId } });

    const before = await countEvents(app);
    const write = await admin.client.post(
      '/api/procedure-types',
      { name: 'Exame de outra aba', category: 'pre_op_exam', isRequired: false },
      asTab(other.user.id),
    );
    expect(write.status).toBe(401);
    expect(write.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    const read = await admin.client.get('/api/patients', asTab(other.user.id));
    expect(read.status).toBe(401);
    // Neither the write nor an access to the list was recorded in the session's name.
    expect(await countEvents(app)).toBe(before);

    // The session itself is untouched, and the tab that signed in as its user goes on.
    expect(await isSignedIn(admin.client)).toBe(true);
    expect((await admin.client.get('/api/patients', asTab(admin.user.id))).status).toBe(200);
    expect((await admin.client.get('/api/patients', asTab(admin.user.id.toUpperCase()))).status).toBe(200);
    // Calls that name no tab (another client) are the session's.
    expect((await admin.client.get('/api/patients')).status).toBe(200);
  });

  it("refuses a tab that knows nobody is signed in ('none'), and a link naming another user", async () => {
    const other = await signInAs(app, 'approved');
    const before = await countEvents(app);
    const nobody = await admin.client.post(
      '/api/force-initialize',
      {},
      { headers: { 'X-Bari-User': 'none' } },
    );
    expect(nobody.status).toBe(403);
    expect(nobody.body).toMatchObject({ code: 'SETUP_TOKEN_REQUIRED' });
    const link = await admin.client.get(`/api/reports/municipal?asUser=${other.user.id}`);
    expect(link.status).toBe(401);
    expect(await countEvents(app)).toBe(before);
    expect((await admin.client.get(`/api/reports/municipality?asUser=${admin.user.id}`)).status).toBe(200);
  });

  it("ends nothing when a tab of another user signs out: the session, and its audit, are the other user's", async () => {
    const other = await signInAs(app, 'approved');
    const before = await countEvents(app);
    const logout = await admin.client.post('/api/auth/logout', undefined, {
      headers: { 'X-Bari-User': other.user.id },
    });
    expect(logout.status).toBe(200);
    const link = await admin.client.get(`/api/logout?asUser=${other.user.id}`);
    expect(link.status).toBe(302);
    expect(await countEvents(app)).toBe(before);
    expect(await isSignedIn(admin.client)).toBe(true);
  });
});
