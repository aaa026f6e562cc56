import {
  createDatabasePool,
  loadMigrations,
  openDatabase,
  prepareDatabase,
  type DatabaseLocation,
  type DatabasePool,
} from '@bari/db';
import { eventStoreMigrations, recordVerification, verifyHashChain } from '@bari/event-store';
import { auditCliMessages as m } from './messages.ts';

export interface AuditCliDependencies {
  readonly env: NodeJS.ProcessEnv;
  readonly stdout?: NodeJS.WritableStream;
  readonly stderr?: NodeJS.WritableStream;
}

/** `npm run audit -- verify`; resolves to the exit code (0 intact, 1 broken or failed, 2 usage). */
export async function runAuditCli(argv: readonly string[], deps: AuditCliDependencies): Promise<number> {
  const stdout = deps.stdout ?? process.stdout;
  const stderr = deps.stderr ?? process.stderr;
  const print = (line: string): void => void stdout.write(`${line}\n`);
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    print(m.help);
    return 0;
  }
  if (argv.length !== 1 || argv[0] !== 'verify') {
    stderr.write(`${m.usage}\n`);
    return 2;
  }
  if (deps.env.EVENTSTORE_CONNECTION_STRING) {
    stderr.write(`${m.eventStoreDb}\n`);
    return 2;
  }
  let database: DatabaseLocation | undefined;
  let pool: DatabasePool | undefined;
  try {
    database = await openDatabase(deps.env);
    // As the owner (the app's role may not create anything), then granted to the app's role.
    await prepareDatabase(database, loadMigrations([eventStoreMigrations]));
    // As the owner too: the app's role only reads the verifications, so that a compromised
    // app cannot record a chain as intact.
    pool = await createDatabasePool(database.migrationUrl, { maximumPoolSize: 1 });
    const result = await verifyHashChain(pool);
    await recordVerification(pool, result);
    if (!result.head) {
      print(m.emptyLog);
      return 0;
    }
    print(result.brokenAt ? m.broken(result.brokenAt, result.checked) : m.intact(result.checked));
    print(m.head(result.head.position, result.head.hash));
    return result.brokenAt ? 1 : 0;
  } catch (error) {
    stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await pool?.end().catch(() => undefined);
    await database?.stop().catch(() => undefined);
  }
}
