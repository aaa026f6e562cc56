import { createHmac } from 'node:crypto';
import pg from 'pg';

/*
 * Least privilege in the database (issue 10, item 11). Two roles:
 * - the owner (`bari_owner`) owns the database and every table: it runs the migrations and the
 *   projections CLI (a rebuild creates, drops and renames read-model tables);
 * - the application (`bari_app`) is what the API and the projector connect as: SELECT and
 *   INSERT on `events`, `audit_log` and `audit_search_terms`, no UPDATE, DELETE or TRUNCATE there; SELECT only on
 *   the hash chain's verifications; what the event store needs on `streams`; read and write on
 *   the other read-model, session and throttle tables. It owns nothing,
 *   is no superuser, so it can neither disable the append-only triggers (ALTER TABLE needs the
 *   owner) nor `set session_replication_role` (superuser only).
 */

export const OWNER_ROLE = 'bari_owner';
export const APP_ROLE = 'bari_app';

/**
 * Tables the application may read and add to, never change: the history, and the audit log
 * projected from it with the names its search finds rows by (the in-process projector only
 * inserts their rows; a rebuild, as the owner, replaces the tables). A compromised app cannot
 * edit or hide what the auditor reads.
 */
const APPEND_ONLY_TABLES = ['events', 'audit_log', 'audit_search_terms'];
/**
 * Tables the application only reads: the hash chain's verifications, recorded by
 * `npm run audit -- verify` as the owner and shown on /audit.
 */
const READ_ONLY_TABLES = ['event_log_verifications'];
/** Tables the application may read and write but never empty: `streams` is the events' index. */
const NEVER_DELETED_TABLES = ['streams'];
/** Bookkeeping of the owner alone. */
const OWNER_ONLY_TABLES = ['schema_migrations'];

/**
 * The suffix of a projections rebuild's copies (`audit_log__rebuild`): created with their live
 * table's grants and left alone by the grant pass below, so an app started mid-rebuild does not
 * widen a copy the swap is about to make the live audit log.
 */
export const REBUILD_SUFFIX = '__rebuild';

/**
 * A role's password, derived from the cluster's superuser password (HMAC): the embedded
 * cluster keeps one secret file, and a process that can read it can connect as either role.
 */
export function rolePassword(superuserPassword: string, role: string): string {
  return createHmac('sha256', superuserPassword).update(`bari-role:${role}`).digest('base64url');
}

/** `url` with another user and password. */
export function withCredentials(url: string, user: string, password: string): string {
  const parsed = new URL(url);
  parsed.username = encodeURIComponent(user);
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

/**
 * The role a connection string's sessions act as: its user, or the role its options set
 * (`?options=-c role=bari_app`, where one login is a member of both roles).
 */
export async function sessionRole(url: string): Promise<string> {
  return withClient(url, async (client) => {
    const result = await client.query<{ role: string }>('select current_user as role');
    return result.rows[0]!.role;
  });
}

/** The user a connection string names. */
export const userOf = (url: string): string => decodeURIComponent(new URL(url).username);

/** The password a connection string carries. */
export const passwordOf = (url: string): string => decodeURIComponent(new URL(url).password);

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const ident = (name: string) => pg.escapeIdentifier(name);
const literal = (value: string) => pg.escapeLiteral(value);

/**
 * Creates the owner and application roles when missing (an older cluster has neither) and
 * sets their passwords, as the server's superuser. Neither may create databases or roles.
 */
export async function ensureRoles(
  adminUrl: string,
  roles: readonly { readonly name: string; readonly password: string }[],
): Promise<void> {
  await withClient(adminUrl, async (client) => {
    for (const role of roles) {
      const attributes = 'login nosuperuser nocreatedb nocreaterole noreplication nobypassrls';
      try {
        await client.query(`create role ${ident(role.name)} ${attributes}`);
      } catch (error) {
        // Already there, or created at this instant by another of our processes.
        if ((error as { code?: string }).code !== '42710') throw error;
      }
      await client.query(`alter role ${ident(role.name)} ${attributes} password ${literal(role.password)}`);
    }
  });
}

/**
 * The database `name`, created if missing, owned by `owner` with everything in its `public`
 * schema: a database an older version created as the superuser is handed over, so that its
 * tables keep working under the new roles.
 */
export async function ensureOwnedDatabase(adminUrl: string, name: string, owner: string): Promise<void> {
  await withClient(adminUrl, async (client) => {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      try {
        await client.query(`create database ${ident(name)} owner ${ident(owner)}`);
      } catch (error) {
        if ((error as { code?: string }).code !== '42P04') throw error; // created meanwhile
      }
    }
    await client.query(`alter database ${ident(name)} owner to ${ident(owner)}`);
  });
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  await withClient(databaseUrl.toString(), async (client) => {
    const owned = await client.query<{ statement: string }>(
      `select format('alter %s %s owner to %I',
                case c.relkind when 'S' then 'sequence' when 'v' then 'view'
                               when 'm' then 'materialized view' else 'table' end,
                c.oid::regclass, $1::text) as statement
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S')
          and pg_get_userbyid(c.relowner) <> $1
          -- identity and serial sequences follow their table; an extension's objects stay its
          -- installer's (a superuser's pg_stat_statements view, for one)
          and not exists (select from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i', 'e'))
       union all
       select format('alter function %s owner to %I', p.oid::regprocedure, $1::text)
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and pg_get_userbyid(p.proowner) <> $1
          and not exists (select from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
      [owner],
    );
    for (const { statement } of owned.rows) await client.query(statement);
  });
}

/**
 * The grants on each table, sequence and routine of `public` that the owner owns (itself or
 * through a role it inherits, as an external database's group role may), for the role `$1`.
 * Not `grant … on all tables/functions in schema public`: that fails (42501) as soon as the
 * schema holds an object of another role the owner may not use, such as the functions of an
 * extension a superuser installed there (pg_stat_statements, for monitoring), and the app
 * would no longer start.
 */
const OWNED_OBJECT_GRANTS = `
  with owned as (
    select c.oid::regclass::text as name, c.relkind as kind
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and pg_has_role(current_user, c.relowner, 'usage')
       and c.relkind in ('r', 'p', 'v', 'm', 'S')
       and strpos(c.relname, '${REBUILD_SUFFIX}') = 0
  )
  select format('grant select, insert, update, delete on table %s to %I', name, $1::text) as statement
    from owned where kind <> 'S'
  union all
  select format('grant usage, select on sequence %s to %I', name, $1::text) from owned where kind = 'S'
  union all
  select format('grant execute on routine %s to %I', p.oid::regprocedure, $1::text)
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname = 'public' and pg_has_role(current_user, p.proowner, 'usage')`;

/**
 * The application role's privileges, granted by the owner after the migrations (idempotent,
 * so every start-up re-applies them to whatever the migrations added). Tables the owner
 * creates later (a projections rebuild) get the same through default privileges.
 */
export async function grantApplicationPrivileges(ownerUrl: string, appRole: string): Promise<void> {
  const app = ident(appRole);
  await withClient(ownerUrl, async (client) => {
    const tables = new Set(
      (
        await client.query<{ name: string }>(
          `select tablename as name from pg_tables where schemaname = 'public'`,
        )
      ).rows.map((row) => row.name),
    );
    const ownedObjects = await client.query<{ statement: string }>(OWNED_OBJECT_GRANTS, [appRole]);
    const statements = [
      `grant usage on schema public to ${app}`,
      ...ownedObjects.rows.map((row) => row.statement),
      `alter default privileges in schema public grant select, insert, update, delete on tables to ${app}`,
      `alter default privileges in schema public grant usage, select on sequences to ${app}`,
      `alter default privileges in schema public grant execute on functions to ${app}`,
      ...APPEND_ONLY_TABLES.filter((table) => tables.has(table)).map(
        (table) => `revoke update, delete, truncate, references, trigger on ${ident(table)} from ${app}`,
      ),
      ...READ_ONLY_TABLES.filter((table) => tables.has(table)).map(
        (table) =>
          `revoke insert, update, delete, truncate, references, trigger on ${ident(table)} from ${app}`,
      ),
      ...NEVER_DELETED_TABLES.filter((table) => tables.has(table)).map(
        (table) => `revoke delete, truncate, references, trigger on ${ident(table)} from ${app}`,
      ),
      ...OWNER_ONLY_TABLES.filter((table) => tables.has(table)).map(
        (table) => `revoke all on ${ident(table)} from ${app}`,
      ),
    ];
    for (const statement of statements) {
      try {
        await client.query(statement);
      } catch (error) {
        // A projections rebuild may drop or rename a table between the listing and its grant;
        // what replaces it gets the default privileges above.
        if (!GONE_MEANWHILE.has((error as { code?: string }).code ?? '')) throw error;
      }
    }
  });
}

/** undefined_table, undefined_function. */
const GONE_MEANWHILE = new Set(['42P01', '42883']);
