import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientForm, validCpf } from '@bari/contracts/testing';
import { runAuditCli } from '../src/audit/cli/cli.ts';
import { signInAs } from './support/http-client.ts';
import { register } from './support/patient-requests.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { createDatabasePool, sql } from '@bari/db';

/*
 * `npm run audit -- verify` against a database with two roles, as the embedded default and a
 * deployment with MIGRATION_DATABASE_URL have: the app's role may not create anything.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.stop());

function collect(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

describe('npm run audit -- verify', () => {
  it('checks the chain with the app and owner roles apart, and says it is intact', async () => {
    const staff = (await signInAs(app, 'approved')).client;
    await register(staff, patientForm({ cpf: validCpf(700000001) }));
    const stdout = collect();
    const stderr = collect();
    const code = await runAuditCli(['verify'], {
      env: { DATABASE_URL: app.appDatabaseUrl, MIGRATION_DATABASE_URL: app.ownerDatabaseUrl },
      stdout: stdout.stream,
      stderr: stderr.stream,
    });
    expect(stderr.text()).toBe('');
    expect(code).toBe(0);
    expect(stdout.text()).toMatch(/^Cadeia íntegra: \d+ eventos verificados\./);
    expect(stdout.text()).toMatch(/Último evento: posição \d+, hash [0-9a-f]{64}/);
  });
});

describe('npm run audit -- verify, against known heads', () => {
  const verify = async (...args: string[]) => {
    const stdout = collect();
    const stderr = collect();
    const code = await runAuditCli(['verify', ...args], {
      env: { DATABASE_URL: app.appDatabaseUrl, MIGRATION_DATABASE_URL: app.ownerDatabaseUrl },
      stdout: stdout.stream,
      stderr: stderr.stream,
    });
    return { code, out: stdout.text(), err: stderr.text() };
  };

  it('refuses a malformed --expect-head, and fails on one the log does not hold', async () => {
    for (const value of ['12:abc', `9223372036854775808:${'0'.repeat(64)}`]) {
      const bad = await verify('--expect-head', value);
      expect(bad.code).toBe(2);
      expect(bad.err).toContain('--expect-head');
    }
    const intact = await verify();
    const [, position, hash] = /posição (\d+), hash ([0-9a-f]{64})/.exec(intact.out)!;
    expect((await verify('--expect-head', `${position}:${hash}`)).code).toBe(0);
    const other = await verify('--expect-head', `${position}:${'0'.repeat(64)}`);
    expect(other.code).toBe(1);
    expect(other.out).toContain(
      `o hash do evento da posição ${position} mudou desde o valor informado em --expect-head`,
    );
  });

  it('fails when the newest events were removed since an earlier verification, though every link is intact', async () => {
    const staff = (await signInAs(app, 'approved')).client;
    await register(staff, patientForm({ cpf: validCpf(700000002) }));
    const before = await verify();
    expect(before.code).toBe(0);
    const [, head] = /posição (\d+)/.exec(before.out)!;

    // A superuser's (or the owner's) removal of the tail, triggers switched off.
    const owner = await createDatabasePool(app.ownerDatabaseUrl, { maximumPoolSize: 1 });
    try {
      await owner.transaction(async (tx) => {
        await tx.query(sql.typeAlias('void')`alter table events disable trigger events_refuse_update_delete`);
        await tx.query(sql.typeAlias('void')`delete from events where global_position >= ${head!}::bigint`);
        await tx.query(sql.typeAlias('void')`alter table events enable trigger events_refuse_update_delete`);
      });
    } finally {
      await owner.end();
    }

    const after = await verify();
    expect(after.code).toBe(1);
    expect(after.out).toMatch(
      new RegExp(`o evento da posição ${head}, a verificação de .+, não está mais no log`),
    );
  });
});
