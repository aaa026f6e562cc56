import type { AccessKeyListItem, UserListItem } from '@bari/contracts';
import type { IssuedAccessKey } from '../access-key.ts';
import type { RegisteredUser } from '../user.ts';

/*
 * Answers built from what a command decided, not from the read models: a write that
 * succeeded must not answer 404 (or lose a one-time key) because a projection lags.
 * `createdAt` is the instant the stream's first command was decided, as the read models
 * record it.
 */

export function userListItem(user: RegisteredUser, createdAt: string): UserListItem {
  const { id, email, firstName, lastName, status, isAdmin } = user;
  return { id, email, firstName, lastName, status, isAdmin, createdAt };
}

export function accessKeyListItem(
  key: IssuedAccessKey,
  createdAt: string,
  userEmail: string | null,
): AccessKeyListItem {
  return {
    id: key.id,
    keyPrefix: key.keyPrefix,
    description: key.description,
    createdAt,
    expiresAt: key.expiresAt,
    isActive: key.isActive,
    usageCount: key.usageCount,
    userId: key.boundUserId,
    userEmail: key.boundUserId === null ? null : userEmail,
  };
}
