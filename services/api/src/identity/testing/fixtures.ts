import {
  AccessKeyIssued,
  EmailReserved,
  UserRegistered,
  type AccessKeyIssued as AccessKeyIssuedEvent,
  type UserRegistered as UserRegisteredEvent,
} from '@bari/contracts';
import { accessKeyPrefix, hashAccessKey } from '../access-key-secret.ts';

export const ids = {
  admin: '00000000-0000-4000-8000-000000000001',
  otherAdmin: '00000000-0000-4000-8000-000000000002',
  user: '00000000-0000-4000-8000-000000000003',
  newUser: '00000000-0000-4000-8000-000000000004',
  key: '00000000-0000-4000-8000-0000000000a1',
  otherKey: '00000000-0000-4000-8000-0000000000a2',
} as const;

export const NOW = '2025-03-10T12:00:00.000Z';
export const KEY = 'Abcdefgh0123456789ABCDEFGHIJKLMNOPQRSTUVWXy';

export function userRegistered(
  overrides: Partial<{
    userId: string;
    email: string;
    isAdmin: boolean;
    source: 'administrator' | 'initialization';
  }> = {},
): UserRegisteredEvent {
  return UserRegistered.create({
    source: overrides.source ?? 'administrator',
    userId: overrides.userId ?? ids.user,
    email: overrides.email ?? 'maria@sus.gov.br',
    firstName: 'Maria',
    lastName: 'Souza',
    isAdmin: overrides.isAdmin ?? false,
    status: 'approved',
  });
}

export function registrationRequested(
  userId: string = ids.user,
  email = 'maria@sus.gov.br',
): UserRegisteredEvent {
  return UserRegistered.create({
    source: 'access_key_invitation',
    userId,
    email,
    firstName: null,
    lastName: null,
    isAdmin: false,
    status: 'pending',
    accessKeyId: ids.key,
  });
}

export function accessKeyIssued(
  overrides: Partial<{
    keyId: string;
    key: string;
    expiresAt: string | null;
    boundUserId: string | null;
  }> = {},
): AccessKeyIssuedEvent {
  const key = overrides.key ?? KEY;
  return AccessKeyIssued.create({
    keyId: overrides.keyId ?? ids.key,
    keyHash: hashAccessKey(key),
    keyPrefix: accessKeyPrefix(key),
    description: 'Enfermagem',
    expiresAt: overrides.expiresAt ?? null,
    boundUserId: overrides.boundUserId === undefined ? ids.user : overrides.boundUserId,
  });
}

export const emailReserved = (email: string, userId: string, reservedAt = NOW) =>
  EmailReserved.create({ email, userId, reservedAt });
