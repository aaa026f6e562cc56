import { z } from 'zod';

/** ISO-8601 instant with an offset (`2025-03-01T12:00:00.000Z`), as on the wire and in events. */
export const IsoInstantSchema = z.string().datetime({ offset: true });
export type IsoInstant = z.infer<typeof IsoInstantSchema>;

export const UserIdSchema = z.string().uuid();
export const AccessKeyIdSchema = z.string().uuid();

export const USER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const UserStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatusSchema>;

/** How many leading characters of a key are kept and shown ('abcd1234…'). */
export const ACCESS_KEY_PREFIX_LENGTH = 8;

/** Lower-case hex SHA-256 of the access key. */
export const AccessKeyHashSchema = z.string().regex(/^[0-9a-f]{64}$/);
export const AccessKeyPrefixSchema = z.string().length(ACCESS_KEY_PREFIX_LENGTH);
