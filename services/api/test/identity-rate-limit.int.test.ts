import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { identityErrorMessages } from '@bari/contracts';
import { AUTH_MESSAGES } from '../src/http/auth/messages.ts';
import { EMAIL_SLOWDOWN_STEP_MS, emailHash } from '../src/http/auth/login-throttle.ts';
import { createClient, signInAs, type SignedIn } from './support/http-client.ts';
import { uniqueEmail } from './support/identity-fixtures.ts';
import {
  appendedBy,
  appendsNothing,
  resetLoginThrottle,
  startTestApp,
  type TestApp,
} from './support/test-app.ts';

const WRONG_KEY = 'ChaveErrada0123456789ChaveErrada0123456789';

async function attempt(app: TestApp, email: string, accessKey: string, headers: Record<string, string> = {}) {
  const response = await createClient(app.baseUrl).post('/api/auth/login', { email, accessKey }, { headers });
  return response;
}

describe('login rate limit, no trusted proxy', () => {
  let app: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await signInAs(app, 'admin');
  });
  afterAll(() => app?.stop());
  beforeEach(() => resetLoginThrottle(app));

  it('answers the 11th failed attempt from one IP with 429, even with a spoofed X-Forwarded-For', async () => {
    for (let index = 0; index < 10; index += 1) {
      // A different email and a forged client address each time: neither helps.
      const response = await attempt(app, uniqueEmail(), WRONG_KEY, {
        'X-Forwarded-For': `203.0.113.${index}`,
      });
      expect(response.status).toBe(401);
      expect(response.body.message).toBe(identityErrorMessages.invalidCredentials);
    }

    const eleventh = await attempt(app, uniqueEmail(), WRONG_KEY, { 'X-Forwarded-For': '198.51.100.7' });

    expect(eleventh.status).toBe(429);
    expect(eleventh.body.message).toBe(AUTH_MESSAGES.tooManyLoginAttempts);
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
    // A valid key always signs its user in, even from a throttled address (issue 10, item 6).
    expect((await attempt(app, admin.email, admin.accessKey)).status).toBe(200);
  });

  it("spares the event log from a throttled address: a deactivated key, or another person's, is answered 429 writing nothing", async () => {
    const other = await signInAs(app, 'approved');
    const issued = await admin.client.post('/api/access-keys', {
      description: 'A desativar',
      userId: other.user.id,
    });
    const deactivated = issued.body as { id: string; key: string };
    expect((await admin.client.patch(`/api/access-keys/${deactivated.id}/deactivate`)).status).toBe(200);
    for (let index = 0; index < 10; index += 1) await attempt(app, uniqueEmail(), WRONG_KEY);
    // The lockout begins (recorded once, below); what follows is refused writing nothing.
    expect((await attempt(app, uniqueEmail(), WRONG_KEY)).status).toBe(429);

    const invitation = (await admin.client.post('/api/access-keys', { description: 'Convite' })).body as {
      key: string;
    };
    for (const [email, key] of [
      [other.email, deactivated.key],
      [uniqueEmail(), deactivated.key],
      [uniqueEmail(), other.accessKey],
      // An invitation is for a new account, not for one that exists.
      [other.email, invitation.key],
    ] as const) {
      const response = await appendsNothing(app, () => attempt(app, email, key));
      expect(response.status).toBe(429);
    }
    // The right key for its own email still signs in, and an invitation for a new email.
    expect((await attempt(app, other.email, other.accessKey)).status).toBe(200);
    expect((await attempt(app, uniqueEmail(), invitation.key)).status).toBe(200);
  });

  it('records the lockout once in the audit trail: the attempt that began it, not those after', async () => {
    const email = uniqueEmail();
    for (let index = 0; index < 10; index += 1)
      expect((await attempt(app, email, WRONG_KEY)).status).toBe(401);
    const [first, appended] = await appendedBy(app, () => attempt(app, email, WRONG_KEY));
    expect(first.status).toBe(429);
    expect(appended.map(({ type, data }) => [type, data])).toEqual([
      ['LoginFailed', { email, reason: 'too_many_attempts', keyId: null }],
    ]);
    expect(appended[0]!.metadata).toMatchObject({ clientIp: '127.0.0.1', userId: null });
    for (let index = 0; index < 5; index += 1) {
      const later = await appendsNothing(app, () => attempt(app, uniqueEmail(), WRONG_KEY));
      expect(later.status).toBe(429);
    }
  });

  it('records the lockout once per window, though successful logins give their points back meanwhile', async () => {
    // Waves of k logins with a good key and one with a bad key, at once: the good ones count
    // against the IP and give their point back, so its count reached the limit again and again
    // (an attack appended 11 lockouts in 1.3 s).
    const holder = await signInAs(app, 'approved');
    const [, appended] = await appendedBy(app, async () => {
      for (let good = 10; good >= 0; good -= 1) {
        await Promise.all([
          ...Array.from({ length: good }, () => attempt(app, holder.email, holder.accessKey)),
          attempt(app, uniqueEmail(), WRONG_KEY),
        ]);
      }
    });
    const lockouts = appended.filter(
      ({ type, data }) =>
        type === 'LoginFailed' && (data as { reason: string }).reason === 'too_many_attempts',
    );
    expect(lockouts).toHaveLength(1);
  });

  it('logs a throttled attempt with the IP and the hash of the email, never the email', async () => {
    const email = uniqueEmail();
    for (let index = 0; index < 10; index += 1) await attempt(app, email, WRONG_KEY);
    expect((await attempt(app, email, WRONG_KEY)).status).toBe(429);
    const line = app.logs.findLast((entry) => entry.msg === 'login throttled');
    expect(line).toMatchObject({ ip: '127.0.0.1', emailHash: emailHash(email) });
    expect(JSON.stringify(line)).not.toContain(email);
  });

  it('does not count successful logins', async () => {
    for (let index = 0; index < 12; index += 1) {
      expect((await attempt(app, admin.email, admin.accessKey)).status).toBe(200);
    }
  });

  it('does not count requests refused as malformed', async () => {
    for (let index = 0; index < 12; index += 1) {
      expect((await attempt(app, 'não-é-email', WRONG_KEY)).status).toBe(400);
    }
    expect((await attempt(app, admin.email, admin.accessKey)).status).toBe(200);
  });
});

describe('login rate limit behind a trusted proxy', () => {
  let app: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    admin = await signInAs(app, 'admin');
  });
  afterAll(() => app?.stop());
  beforeEach(() => resetLoginThrottle(app));

  it('counts by the client address the proxy reports', async () => {
    for (let index = 0; index < 10; index += 1) {
      expect(
        (await attempt(app, uniqueEmail(), WRONG_KEY, { 'X-Forwarded-For': '203.0.113.9' })).status,
      ).toBe(401);
    }
    expect((await attempt(app, uniqueEmail(), WRONG_KEY, { 'X-Forwarded-For': '203.0.113.9' })).status).toBe(
      429,
    );
    // Another client behind the same proxy is not punished for it.
    expect(
      (await attempt(app, admin.email, admin.accessKey, { 'X-Forwarded-For': '203.0.113.10' })).status,
    ).toBe(200);
  });

  it('never locks a person out by their email: failures from many addresses are slowed, the right key signs in', async () => {
    // Issue 10, item 6: ten wrong keys for someone else's (public) email, from any addresses.
    for (let index = 0; index < 10; index += 1) {
      const response = await attempt(app, admin.email, WRONG_KEY, {
        'X-Forwarded-For': `198.51.100.${index}`,
      });
      expect(response.status).toBe(401);
    }
    const started = Date.now();
    const eleventh = await attempt(app, ` ${admin.email.toUpperCase()}`, WRONG_KEY, {
      'X-Forwarded-For': '192.0.2.1',
    });
    expect(eleventh.status).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(EMAIL_SLOWDOWN_STEP_MS - 50);
    expect(app.logs.findLast((entry) => entry.msg === 'login slowed')).toMatchObject({
      ip: '192.0.2.1',
      emailHash: emailHash(admin.email),
    });

    const valid = await attempt(app, admin.email, admin.accessKey, { 'X-Forwarded-For': '192.0.2.2' });
    expect(valid.status).toBe(200);
    // Even from an address that used up its own attempts on that email.
    for (let index = 0; index < 10; index += 1) {
      await attempt(app, admin.email, WRONG_KEY, { 'X-Forwarded-For': '192.0.2.3' });
    }
    expect((await attempt(app, admin.email, WRONG_KEY, { 'X-Forwarded-For': '192.0.2.3' })).status).toBe(429);
    expect(
      (await attempt(app, admin.email, admin.accessKey, { 'X-Forwarded-For': '192.0.2.3' })).status,
    ).toBe(200);
  });
});

describe('login rate limit under concurrency', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    await signInAs(app, 'admin');
  });
  afterAll(() => app?.stop());
  beforeEach(() => resetLoginThrottle(app));

  it('lets at most 10 of 30 simultaneous bad logins for one email be tried, answering the rest 429', async () => {
    const email = uniqueEmail();
    const responses = await Promise.all(Array.from({ length: 30 }, () => attempt(app, email, WRONG_KEY)));

    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);
    const refused = responses.find((response) => response.status === 429);
    expect(refused?.body.message).toBe(AUTH_MESSAGES.tooManyLoginAttempts);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
