import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientForm, validCpf } from '@bari/contracts/testing';
import { runAuditCli } from '../src/audit/cli/cli.ts';
import { signInAs } from './support/http-client.ts';
import { register } from './support/patient-requests.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

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
