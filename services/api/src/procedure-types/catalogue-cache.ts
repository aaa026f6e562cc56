import { ProcedureTypeEventSchema, type ProcedureType } from '@bari/contracts';
import type { EventStore } from '@bari/event-store';
import { parseOwnData } from '../shared/domain-error.ts';
import { PROCEDURE_TYPES_STREAM_ID } from './streams.ts';
import {
  evolveProcedureTypes,
  initialProcedureTypesState,
  procedureTypesOf,
  type ProcedureTypesState,
} from './procedure-types.ts';

/**
 * The procedure types as patient commands take them, kept in memory: loaded once at start-up
 * (after the protocol catalogue is defined), never defined on a request. Types defined in this
 * process are remembered at once (`remember`); a type defined by another API instance is
 * picked up by `current()`, which reads only the events appended after the revision it knows
 * (one short read, empty almost always): registrations call it (their required set must be
 * whole), other commands only when they name a type this process does not know yet.
 */
export interface ProcedureTypeCatalogue {
  /** The types this process knows, without reading anything. */
  known(): readonly ProcedureType[];
  /** The types brought up to date with the stream (reads what was appended since `known()`). */
  current(): Promise<readonly ProcedureType[]>;
  /** After a procedure-types command: its state at `revision`, so this process knows it at once. */
  remember(state: ProcedureTypesState, revision: bigint | undefined): void;
}

export async function loadProcedureTypeCatalogue(eventStore: EventStore): Promise<ProcedureTypeCatalogue> {
  let state = initialProcedureTypesState();
  /** Revision of the last event folded into `state` (-1: none). */
  let revision = -1n;

  async function catchUp(): Promise<void> {
    const recorded = await eventStore.readStream(PROCEDURE_TYPES_STREAM_ID, { fromRevision: revision + 1n });
    for (const stored of recorded) {
      // Two concurrent catch-ups may read the same events: fold each revision once.
      if (stored.revision <= revision) continue;
      const event = parseOwnData(
        ProcedureTypeEventSchema,
        { type: stored.type, data: stored.data },
        `event ${stored.id} of ${PROCEDURE_TYPES_STREAM_ID}`,
      );
      state = evolveProcedureTypes(state, event);
      revision = stored.revision;
    }
  }

  await catchUp();
  return {
    known: () => procedureTypesOf(state),
    async current() {
      await catchUp();
      return procedureTypesOf(state);
    },
    remember(newer, newerRevision) {
      if (newerRevision !== undefined && newerRevision > revision) {
        state = newer;
        revision = newerRevision;
      }
    },
  };
}
