import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { identityErrorMessages, type AccessKeyListItem, type UserListItem } from '@bari/contracts';
import { createClient, logIn, type SignedIn } from './support/http-client.ts';
import { appendsNothing, startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The last approved administrator stays, even when two administrators remove each other at
 * the same moment. Initialization creates exactly two approved administrators (admin@ and
 * dev@); each signs in and rejects (or deletes) the other concurrently.
 */
describe('two administrators removing each other at once', () => {
  let app: TestApp;
  let credentials: { email: string; accessKey: string }[];
  let first: SignedIn;
  let second: SignedIn;

  beforeEach(async () => {
    app = await startTestApp();
    const initialized = await createClient(app.baseUrl).post('/api/initialize');
    credentials = initialized.body.credentials as { email: string; accessKey: string }[];
    const [a, b] = credentials;
    if (!a || !b) throw new Error('initialization returned fewer than two accounts');
    first = await logIn(app, a);
    second = await logIn(app, b);
  });

  const keyOf = async (user: SignedIn) => {
    const keys = (await user.client.get('/api/access-keys')).body as AccessKeyListItem[];
    return keys.find((key) => key.userId === user.user.id)!.id;
  };
  /** The initialization's administrators who can still sign in with their key. */
  const ableToSignIn = async () => {
    const able = [];
    for (const credential of credentials) {
      const response = await createClient(app.baseUrl).post('/api/auth/login', credential);
      if (response.status === 200) able.push(credential.email);
    }
    return able;
  };
  afterEach(() => app?.stop());

  it('rejecting: at least one approved administrator remains', async () => {
    const [one, other] = await Promise.all([
      first.client.patch(`/api/users/${second.user.id}/status`, { status: 'rejected' }),
      second.client.patch(`/api/users/${first.user.id}/status`, { status: 'rejected' }),
    ]);

    const statuses = [one.status, other.status].sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).not.toBe(200);
    const survivor = one.status === 200 ? first : second;
    const list = (await survivor.client.get('/api/users')).body as UserListItem[];
    expect(list.filter((user) => user.isAdmin && user.status === 'approved')).toHaveLength(1);
  });

  it('deleting: at least one approved administrator remains', async () => {
    const [one, other] = await Promise.all([
      first.client.delete(`/api/users/${second.user.id}`),
      second.client.delete(`/api/users/${first.user.id}`),
    ]);

    const statuses = [one.status, other.status].sort();
    expect(statuses[0]).toBe(204);
    expect(statuses[1]).not.toBe(204);
    const survivor = one.status === 204 ? first : second;
    const list = (await survivor.client.get('/api/users')).body as UserListItem[];
    expect(list.filter((user) => user.isAdmin && user.status === 'approved')).toHaveLength(1);
  });

  it("deactivating each other's keys: one keeps theirs and can still sign in", async () => {
    const [firstKey, secondKey] = [await keyOf(first), await keyOf(second)];
    const [one, other] = await Promise.all([
      first.client.patch(`/api/access-keys/${secondKey}/deactivate`),
      second.client.patch(`/api/access-keys/${firstKey}/deactivate`),
    ]);

    expect([one.status, other.status].sort()).toEqual([200, 401]);
    expect([one, other].find((response) => response.status === 401)?.body).toMatchObject({
      code: 'ADMINISTRATION_REVOKED',
    });
    expect(await ableToSignIn()).toEqual([(one.status === 200 ? first : second).email]);
  });

  it('one deleting the other while the other deactivates their key: one can still sign in', async () => {
    const firstKey = await keyOf(first);
    await Promise.all([
      first.client.delete(`/api/users/${second.user.id}`),
      second.client.patch(`/api/access-keys/${firstKey}/deactivate`),
    ]);

    expect(await ableToSignIn()).toHaveLength(1);
  });
});

describe('an administrator deactivating the key they signed in with', () => {
  let app: TestApp;
  afterEach(() => app?.stop());

  it('is refused, writing nothing, so the last administrator cannot lock everyone out', async () => {
    app = await startTestApp();
    const initialized = await createClient(app.baseUrl).post('/api/initialize');
    const [a, b] = initialized.body.credentials as { email: string; accessKey: string }[];
    const first = await logIn(app, a!);
    const second = await logIn(app, b!);
    const keys = (await first.client.get('/api/access-keys')).body as AccessKeyListItem[];
    const keyOf = (user: SignedIn) => keys.find((key) => key.userId === user.user.id)!;
    // The list marks the key this session signed in with, and only it: the screen offers no
    // 'Desativar' there. The other administrator's list marks theirs.
    expect(keys.filter((key) => key.signedInHere).map((key) => key.id)).toEqual([keyOf(first).id]);
    const theirs = (await second.client.get('/api/access-keys')).body as AccessKeyListItem[];
    expect(theirs.filter((key) => key.signedInHere).map((key) => key.id)).toEqual([keyOf(second).id]);

    const own = await appendsNothing(app, () =>
      first.client.patch(`/api/access-keys/${keyOf(first).id}/deactivate`),
    );
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({
      code: 'CANNOT_DEACTIVATE_OWN_KEY',
      message: identityErrorMessages.cannotDeactivateOwnKey,
    });
    expect((await first.client.get('/api/auth/user')).status).toBe(200);
    // Another administrator's key: deactivated, and their session ends with it.
    expect((await first.client.patch(`/api/access-keys/${keyOf(second).id}/deactivate`)).status).toBe(200);
    expect((await second.client.get('/api/auth/user')).status).toBe(401);
  });
});
