import {
  createDatabasePool,
  loadMigrations,
  openDatabase,
  prepareDatabase,
  type DatabaseLocation,
  type DatabasePool,
} from '@bari/db';
import {
  eventStoreMigrations,
  recordVerification,
  verifiedAnchors,
  verifyHashChain,
  type ChainAnchor,
  type ChainVerification,
} from '@bari/event-store';
import { auditCliMessages as m } from './messages.ts';

export interface AuditCliDependencies {
  readonly env: NodeJS.ProcessEnv;
  readonly stdout?: NodeJS.WritableStream;
  readonly stderr?: NodeJS.WritableStream;
}

/** The largest position a log can hold (PostgreSQL's bigint). */
const MAX_POSITION = 2n ** 63n - 1n;

/** `<position>:<hash>` as a verification printed it, or null when it is not one. */
function parseExpectedHead(text: string): ChainAnchor | null {
  const match = /^(\d{1,19}):([0-9a-f]{64})$/i.exec(text.trim());
  if (!match || BigInt(match[1]!) > MAX_POSITION) return null;
  return { position: BigInt(match[1]!).toString(), hash: match[2]!.toLowerCase(), verifiedAt: null };
}

function verdict(result: ChainVerification): string {
  if (result.brokenAt) return m.broken(result.brokenAt, result.checked);
  if (result.anchorBroken) {
    const { anchor, found } = result.anchorBroken;
    const since = m.anchorSince(anchor.verifiedAt);
    return found === 'missing'
      ? m.anchorMissing(anchor.position, since)
      : m.anchorDifferent(anchor.position, since);
  }
  return m.intact(result.checked);
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
  if (argv[0] !== 'verify' || (argv.length !== 1 && !(argv.length === 3 && argv[1] === '--expect-head'))) {
    stderr.write(`${m.usage}\n`);
    return 2;
  }
  const expected = argv.length === 3 ? parseExpectedHead(argv[2]!) : undefined;
  if (expected === null) {
    stderr.write(`${m.badExpectedHead}\n`);
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
    const anchors = [...(expected ? [expected] : []), ...(await verifiedAnchors(pool))];
    const result = await verifyHashChain(pool, anchors);
    await recordVerification(pool, result);
    if (!result.head && !result.anchorBroken) {
      print(m.emptyLog);
      return 0;
    }
    print(verdict(result));
    if (result.head) print(m.head(result.head.position, result.head.hash));
    return result.brokenAt || result.anchorBroken ? 1 : 0;
  } catch (error) {
    stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await pool?.end().catch(() => undefined);
    await database?.stop().catch(() => undefined);
  }
}
