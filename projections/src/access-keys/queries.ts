import type { CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import type { AccessKeyListItem } from '@bari/contracts';
import { isoInstant } from '../users/queries.ts';
import { sql } from '@bari/db';

const AccessKeyRowSchema = z.object({
  id: z.string().uuid(),
  keyPrefix: z.string(),
  description: z.string(),
  createdAt: isoInstant,
  expiresAt: isoInstant.nullable(),
  isActive: z.boolean(),
  usageCount: z.number().int(),
  userId: z.string().uuid().nullable(),
  userEmail: z.string().nullable(),
});
export type AccessKeyRow = AccessKeyListItem;

// Never `key_hash`: no query of this module hands the hash out, so no log or response can.
const keyColumns = sql.fragment`
  k.id, k.key_prefix as "keyPrefix", k.description, k.created_at as "createdAt",
  k.expires_at as "expiresAt", k.is_active as "isActive", k.usage_count as "usageCount",
  k.bound_user_id as "userId", u.email as "userEmail"
`;

/** Queries over the access-keys read model (joined with users for the bound user's email). */
export function createAccessKeyQueries(db: CommonQueryMethods) {
  return {
    /** The id of the key with this SHA-256 hash, or null: how a login finds the typed key. */
    findIdByHash(keyHash: string): Promise<string | null> {
      return db.maybeOneFirst(
        sql.type(z.object({ id: z.string().uuid() }))`select id from access_keys where key_hash = ${keyHash}`,
      );
    },

    /**
     * Whether the key with this hash could sign `email` (normalised) in now: active, not
     * expired, and bound to that email's user, or an invitation (not bound yet) for an email
     * no account has. What lets an attempt past the login throttle; the login itself still
     * decides on the key's stream.
     */
    async couldSignIn(keyHash: string, email: string, now: Date): Promise<boolean> {
      return db.oneFirst(sql.type(z.object({ usable: z.boolean() }))`
        select exists (
          select 1 from access_keys k left join users u on u.id = k.bound_user_id
          where k.key_hash = ${keyHash} and k.is_active
            and (k.expires_at is null or k.expires_at > ${now.toISOString()}::timestamptz)
            and (
              u.email = ${email}
              or (k.bound_user_id is null and not exists (select 1 from users o where o.email = ${email}))
            )
        ) as usable
      `);
    },

    findById(id: string): Promise<AccessKeyRow | null> {
      return db.maybeOne(sql.type(AccessKeyRowSchema)`
        select ${keyColumns} from access_keys k left join users u on u.id = k.bound_user_id
        where k.id = ${id}
      `);
    },

    /** Every key, newest first ('Chaves de Acesso'). */
    list(): Promise<readonly AccessKeyRow[]> {
      return db.any(sql.type(AccessKeyRowSchema)`
        select ${keyColumns} from access_keys k left join users u on u.id = k.bound_user_id
        order by k.created_at desc, k.id
      `);
    },

    /** Active keys bound to a user (deactivated when the user is deleted). */
    activeIdsBoundTo(userId: string): Promise<readonly string[]> {
      return db.anyFirst(sql.type(z.object({ id: z.string().uuid() }))`
        select id from access_keys where bound_user_id = ${userId} and is_active order by id
      `);
    },

    /** Issued keys, active or not. */
    count(): Promise<number> {
      return db.oneFirst(
        sql.type(z.object({ count: z.number() }))`select count(*)::int as count from access_keys`,
      );
    },
  };
}
export type AccessKeyQueries = ReturnType<typeof createAccessKeyQueries>;
