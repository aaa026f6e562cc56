import { randomUUID } from 'node:crypto';
import type { AccessKeyListItem, UserListItem } from '@bari/contracts';
import type { TestClient, TestResponse } from './http-client.ts';

/** A unique email on the test domain. */
export const uniqueEmail = (label = 'pessoa') => `${label}-${randomUUID().slice(0, 8)}@teste.sus.gov.br`;

async function ok(pending: Promise<TestResponse>, what: string): Promise<TestResponse> {
  const response = await pending;
  if (response.status >= 300) throw new Error(`Could not ${what}: ${response.status} ${response.text}`);
  return response;
}

/** Creates an approved user through `POST /api/users` (the client must be an administrator's). */
export async function createUser(
  admin: TestClient,
  fields: Partial<{ email: string; firstName: string; lastName: string; isAdmin: boolean }> = {},
): Promise<UserListItem> {
  const body = { email: uniqueEmail(), firstName: 'Maria', lastName: 'Souza', isAdmin: false, ...fields };
  return (await ok(admin.post('/api/users', body), 'create a user')).body as UserListItem;
}

/** Issues a key through `POST /api/access-keys`; bound when `userId` is given. */
export async function issueKey(
  admin: TestClient,
  fields: Partial<{ description: string; userId: string; expiresAt: string }> = {},
): Promise<AccessKeyListItem & { key: string }> {
  const body = { description: 'Chave de teste', ...fields };
  return (await ok(admin.post('/api/access-keys', body), 'issue a key')).body as AccessKeyListItem & {
    key: string;
  };
}
