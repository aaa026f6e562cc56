import type { DatabasePool } from '@bari/db';
import type { EventStore } from '@bari/event-store';
import type { Config } from './config.ts';
import type { Logger } from './shared/logger.ts';
import type { CommandDependencies } from './shared/command-handler.ts';
import type { ProcedureTypeCatalogue } from './procedure-types/catalogue-cache.ts';
import type { SessionCache } from './http/session/session-cache.ts';
import type { ReadCache } from './http/read-cache.ts';
import type { PdfRenderer } from './reports/pdf/pdf-renderer.ts';

/**
 * What route modules receive from the composition root (no imported singletons, so tests
 * can build the app around a test database).
 */
export interface ApiDependencies extends CommandDependencies {
  readonly config: Config;
  readonly logger: Logger;
  readonly eventStore: EventStore;
  /** The slonik pool over the read models. */
  readonly pool: DatabasePool;
  /** The current instant; a parameter so tests can move time (expiry, idle timeouts). */
  readonly now: () => Date;
  /** The procedure types patient commands are decided against, kept in memory. */
  readonly procedureTypes: ProcedureTypeCatalogue;
  /** Signed-in sessions read recently (no round trip per request), shared by every store. */
  readonly sessionCache: SessionCache;
  /** Answers of the busiest read-model queries, until the read models move. */
  readonly readCache: ReadCache;
  /** Lays the PDF reports out on a thread of its own. */
  readonly pdfRenderer: PdfRenderer;
}
