import type { CommonQueryMethods, FragmentSqlToken, IdentifierSqlToken } from 'slonik';
import { z } from 'zod';
import { UserStatusSchema, type UserListItem } from '@bari/contracts';
import { sql } from '@bari/db';

/** timestamptz arrives from slonik as epoch milliseconds; the wire wants ISO instants. */
export const isoInstant = z.number().transform((ms) => new Date(ms).toISOString());

const UserRowSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  status: UserStatusSchema,
  isAdmin: z.boolean(),
  createdAt: isoInstant,
});
export type UserRow = UserListItem;

const userColumns = sql.fragment`
  id, email, first_name as "firstName", last_name as "lastName", status, is_admin as "isAdmin",
  created_at as "createdAt"
`;

/**
 * The user of a session as a scalar subquery (JSON, or null when the session must end), for
 * the session store to read the session and its user in one statement: the same rule as
 * `findSessionUser`, over the columns of the session's row that hold the user and key ids.
 */
export function sessionUserSubquery(
  userId: IdentifierSqlToken,
  accessKeyId: IdentifierSqlToken,
  /** ISO instant: a key expired by then ends the session, like a deactivated one. */
  now: string,
): FragmentSqlToken {
  return sql.fragment`(
    select json_build_object('id', u.id, 'email', u.email, 'firstName', u.first_name,
      'lastName', u.last_name, 'status', u.status, 'isAdmin', u.is_admin)
    from users u
    where u.id = ${userId}
      and exists (
        select from access_keys k where k.id = ${accessKeyId} and k.is_active and k.bound_user_id = u.id
          and (k.expires_at is null or k.expires_at > ${now}::timestamptz)
      )
  )`;
}

/** Queries over the users read model. */
export function createUserQueries(db: CommonQueryMethods) {
  return {
    /** A live user, or null (unknown or deleted). */
    findById(id: string): Promise<UserRow | null> {
      return db.maybeOne(sql.type(UserRowSchema)`select ${userColumns} from users where id = ${id}`);
    },

    /** A live user by email (compared normalised: trimmed, lower case). */
    findByEmail(email: string): Promise<UserRow | null> {
      return db.maybeOne(
        sql.type(UserRowSchema)`select ${userColumns} from users where email = ${email.trim().toLowerCase()}`,
      );
    },

    /**
     * The user of a session, or null when the session must end: the user was deleted, or the
     * key the session was opened with is no longer active, has expired by `now` (an expired
     * key is treated like a deactivated one), or is no longer theirs.
     */
    findSessionUser(userId: string, accessKeyId: string, now: Date): Promise<UserRow | null> {
      return db.maybeOne(sql.type(UserRowSchema)`
        select ${userColumns} from users
        where id = ${userId}
          and exists (
            select from access_keys k
            where k.id = ${accessKeyId} and k.is_active and k.bound_user_id = users.id
              and (k.expires_at is null or k.expires_at > ${now.toISOString()}::timestamptz)
          )
      `);
    },

    /** Every live user, oldest first ('Gerenciamento de Usuários'). */
    list(): Promise<readonly UserRow[]> {
      return db.any(sql.type(UserRowSchema)`select ${userColumns} from users order by created_at, id`);
    },

    /** Live users. */
    count(): Promise<number> {
      return db.oneFirst(sql.type(z.object({ count: z.number() }))`select count(*)::int as count from users`);
    },

    /** Approved administrators: the last one may be neither rejected nor deleted. */
    countApprovedAdministrators(): Promise<number> {
      return db.oneFirst(sql.type(z.object({ count: z.number() }))`
        select count(*)::int as count from users where is_admin and status = 'approved'
      `);
    },
  };
}
export type UserQueries = ReturnType<typeof createUserQueries>;
