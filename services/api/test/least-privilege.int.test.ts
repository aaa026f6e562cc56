import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE } from '@bari/db';
import { signInAs } from './support/http-client.ts';
import { patientForm, validCpf as cpf } from '@bari/contracts/testing';
import { register } from './support/patient-requests.ts';
import { countEvents, startTestApp, type TestApp } from './support/test-app.ts';

/*
 * Issue 10, item 11: the app connects as a role that can add to the event log and read it,
 * never rewrite it — not even by switching the append-only triggers off.
 */

let app: TestApp;
let client: pg.Client;

beforeAll(async () => {
  app = await startTestApp();
  // Some history to attack.
  await register((await signInAs(app, 'approved')).client, patientForm({ cpf: cpf(200000001) }));
  client = new pg.Client({ connectionString: app.appDatabaseUrl });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await app?.stop();
});

const refusal = (statement: string) =>
  client.query(statement).then(
    () => 'accepted',
    (error: { code?: string }) => error.code,
  );

describe("the app's database role", () => {
  it('is the application role, no superuser, owning no table, function or sequence', async () => {
    const role = await client.query<{ user: string; superuser: boolean; owned: number }>(`
      select current_user as user, r.rolsuper as superuser,
             (select count(*)::int from pg_class where relowner = r.oid)
             + (select count(*)::int from pg_proc where proowner = r.oid) as owned
        from pg_roles r where r.rolname = current_user`);
    expect(role.rows[0]).toEqual({ user: APP_ROLE, superuser: false, owned: 0 });
  });

  it('reads and appends events (the app registered a patient through it)', async () => {
    expect(await countEvents(app)).toBeGreaterThan(0);
    expect((await client.query('select count(*) from events')).rows[0].count).not.toBe('0');
  });

  it.each([
    ['update events', 'update events set type = type'],
    ['delete from events', 'delete from events'],
    ['truncate events', 'truncate events'],
    ['disable the triggers', 'alter table events disable trigger all'],
    ['drop the trigger', 'drop trigger events_refuse_update_delete on events'],
    ['switch triggers off for the session', 'set session_replication_role = replica'],
    ['delete a stream', 'delete from streams'],
    ['rewrite the migrations bookkeeping', 'delete from schema_migrations'],
    ['hide an audit entry', 'delete from audit_log'],
    ['edit an audit entry', "update audit_log set ip_address = '10.0.0.1'"],
    ['hide audit entries from the search', 'delete from audit_search_terms'],
    [
      'record a verification of the hash chain',
      "insert into event_log_verifications (head_position, head_hash, checked, broken_position) values (1, 'x', 1, null)",
    ],
  ])('cannot %s (42501 insufficient privilege)', async (_, statement) => {
    const before = await countEvents(app);
    // Owner-only statements answer 42501 too ("must be owner of table").
    expect(await refusal(statement)).toBe('42501');
    expect(await countEvents(app)).toBe(before);
  });
});
