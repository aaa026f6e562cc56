import { randomUUID } from 'node:crypto';
import type { EventMetadata, ProcedureType } from '@bari/contracts';
import { handleCommand, loadAggregate, type CommandDependencies } from '../shared/command-handler.ts';
import { procedureTypesStream } from './streams.ts';
import { retryOnConflict } from '../shared/retry-on-conflict.ts';
import { procedureTypesDecider, type ProcedureTypesCommand } from './business-logic.ts';
import { procedureTypesOf } from './procedure-types.ts';

/*
 * The `procedure-types` stream from the command side: what patient commands are decided
 * against (never the read model, which may lag), and the protocol catalogue every
 * installation starts with.
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

/** Every defined type, in definition order, folded from the stream. */
export async function readProcedureTypes(
  deps: Pick<CommandDependencies, 'eventStore'>,
): Promise<ProcedureType[]> {
  const { state } = await loadAggregate(deps.eventStore, procedureTypesStream(), procedureTypesDecider);
  return procedureTypesOf(state);
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

/** The patient commands' procedure types: the stream's, the catalogue first defined if it is empty. */
export async function procedureTypesForCommands(
  deps: CommandDependencies,
  metadata: EventMetadata,
): Promise<ProcedureType[]> {
  const types = await readProcedureTypes(deps);
  if (types.length > 0) return types;
  // Start-up defines the catalogue; this only covers a store emptied or created behind its back.
  await ensureProtocolCatalogue(deps, metadata);
  return readProcedureTypes(deps);
}

/** Metadata of what the system does on its own (start-up): no user, no client. */
export function systemMetadata(now: Date = new Date(), correlationId: string = randomUUID()): EventMetadata {
  return { userId: null, userEmail: null, clientIp: null, correlationId, timestamp: now.toISOString() };
}
