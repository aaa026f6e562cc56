import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@bari/contracts';
import { handleCommand, type CommandDependencies } from '../shared/command-handler.ts';
import { procedureTypesStream } from './streams.ts';
import { retryOnConflict } from '../shared/retry-on-conflict.ts';
import { procedureTypesDecider, type ProcedureTypesCommand } from './business-logic.ts';

/*
 * The `procedure-types` stream from the command side: its commands, and the protocol
 * catalogue every installation starts with (defined at start-up). What patient commands are
 * decided against is `catalogue-cache.ts`, in memory.
 */

/**
 * Decides a procedure-types command, deciding again on the fresh stream when someone else
 * appended in between (their type is then taken into account: a real duplicate still fails).
 */
export async function handleProcedureTypesCommand(
  deps: CommandDependencies,
  command: ProcedureTypesCommand,
  metadata: EventMetadata,
) {
  // One stream for every type: concurrent additions by different people must not fail for it.
  return retryOnConflict(() =>
    handleCommand(deps, procedureTypesStream(), procedureTypesDecider, command, metadata),
  );
}

/**
 * Defines the protocol catalogue (`PROTOCOL_CATALOGUE`) types not defined yet. Idempotent:
 * run at every start-up, so a fresh installation has the catalogue before anyone
 * initializes and a catalogue grown in a release reaches the stream (then existing patients
 * through 'Atualizar Procedimentos'). Without `waitForProjections` it does not wait for the
 * read models (start-up: nobody is waiting for them). Returns how many types it defined.
 */
export async function ensureProtocolCatalogue(
  deps: Pick<CommandDependencies, 'eventStore' | 'logger'> &
    Partial<Pick<CommandDependencies, 'waitForProjections'>>,
  metadata: EventMetadata,
): Promise<number> {
  const result = await handleProcedureTypesCommand(
    { waitForProjections: async () => true, ...deps },
    { type: 'DefineCatalogue', data: {} },
    metadata,
  );
  if (result.events.length > 0) {
    deps.logger.info({ defined: result.events.length }, 'protocol catalogue defined');
  }
  return result.events.length;
}

/** Metadata of what the system does on its own (start-up): no user, no client. */
export function systemMetadata(now: Date = new Date(), correlationId: string = randomUUID()): EventMetadata {
  return { userId: null, userEmail: null, clientIp: null, correlationId, timestamp: now.toISOString() };
}
