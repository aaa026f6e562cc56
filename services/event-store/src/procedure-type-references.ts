import {
  PROCEDURE_TYPES_STREAM_ID,
  ProcedureTypeDefined,
  RequiredProceduresAssigned,
  compactRequiredProcedures,
  expandRequiredProcedures,
  procedureTypeOf,
  referencedTypeIds,
  type ProcedureType,
  type StoredRequiredProceduresAssigned,
} from '@bari/contracts';
import type { EventStore, EventToAppend, RecordedEvent } from './port.ts';

/*
 * The event store as the application sees it, with `RequiredProceduresAssigned` stored
 * compact: each procedure names its type by id instead of carrying a copy (see
 * `stored-assignments.ts` in the contracts). Appends compact, reads and subscriptions
 * expand, so no decider or projection knows the stored form exists.
 *
 * The types come from the log itself: every `ProcedureTypeDefined` this store reads or
 * appends is remembered, and a type it has not seen is looked up by reading the catalogue's
 * stream (from where it stopped). Types never change, so what is remembered stays true.
 */
export function withProcedureTypeReferences(store: EventStore): EventStore {
  const types = new Map<string, ProcedureType>();
  /** Revision of the catalogue stream read so far (-1: none). */
  let catalogueRevision = -1n;
  let catchingUp: Promise<void> | undefined;

  /** Only the catalogue's own stream defines types: a look-alike elsewhere is not one. */
  const remember = (streamId: string, event: { readonly type: string; readonly data: unknown }): void => {
    if (streamId !== PROCEDURE_TYPES_STREAM_ID || event.type !== ProcedureTypeDefined.type) return;
    const parsed = ProcedureTypeDefined.data.safeParse(event.data);
    // Frozen: every registration read back shares these objects (and readers check each once).
    if (parsed.success && !types.has(parsed.data.id))
      types.set(parsed.data.id, Object.freeze(procedureTypeOf(parsed.data)));
  };

  /** Reads the catalogue's stream past what is known; concurrent callers share one read. */
  const catchUp = (): Promise<void> =>
    (catchingUp ??= (async () => {
      try {
        const recorded = await store.readStream(PROCEDURE_TYPES_STREAM_ID, {
          fromRevision: catalogueRevision + 1n,
        });
        for (const event of recorded) {
          remember(event.streamId, event);
          if (event.revision > catalogueRevision) catalogueRevision = event.revision;
        }
      } finally {
        catchingUp = undefined;
      }
    })());

  const allKnown = (ids: readonly string[]): boolean => ids.every((id) => types.has(id));
  /**
   * Makes sure every type these ids name is known, if the log defines it. A read of the
   * catalogue already under way may have started before the type was defined: then a second
   * one, started after this call, is sure to see every type defined before the caller's events.
   */
  const ensureKnown = async (ids: readonly string[]): Promise<void> => {
    for (let reads = 0; reads < 2 && !allKnown(ids); reads += 1) await catchUp();
  };
  const typeOf = (id: string): ProcedureType | undefined => types.get(id);

  /**
   * The events with their assignments' types put back. An event naming a type the log does
   * not define is left as stored: the reader's contract check refuses it, so it stops only
   * the projection (or the command) that reads it, named as the poison event.
   */
  async function expand(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    /** Each compacted assignment, with the type ids it names. */
    const named = new Map<RecordedEvent, { data: StoredRequiredProceduresAssigned; ids: string[] }>();
    for (const event of events) {
      remember(event.streamId, event);
      if (event.type !== RequiredProceduresAssigned.type || !isStoredAssignment(event.data)) continue;
      const ids = referencedTypeIds(event.data);
      if (ids.length > 0) named.set(event, { data: event.data, ids });
    }
    if (named.size === 0) return events;
    await ensureKnown([...named.values()].flatMap(({ ids }) => ids));
    return events.map((event) => {
      const assignment = named.get(event);
      return assignment && allKnown(assignment.ids)
        ? { ...event, data: expandRequiredProcedures(assignment.data, typeOf) }
        : event;
    });
  }

  async function compact(events: readonly EventToAppend[]): Promise<readonly EventToAppend[]> {
    const assignments = events.filter((event) => event.type === RequiredProceduresAssigned.type);
    if (assignments.length === 0) return events;
    const parsed = new Map<EventToAppend, RequiredProceduresAssigned['data']>();
    for (const event of assignments) {
      // Not in the contract's shape: stored as given, for the readers' checks to refuse. In
      // it: compacted from the data as given (not as parsed, which would drop unknown keys).
      if (RequiredProceduresAssigned.data.safeParse(event.data).success) {
        parsed.set(event, event.data as RequiredProceduresAssigned['data']);
      }
    }
    await ensureKnown(
      [...parsed.values()].flatMap((data) => data.procedures.map((item) => item.procedureType.id)),
    );
    return events.map((event) => {
      const data = parsed.get(event);
      return data ? { ...event, data: compactRequiredProcedures(data, typeOf) } : event;
    });
  }

  return {
    async appendToStream(streamId, events, expected) {
      const result = await store.appendToStream(streamId, await compact(events), expected);
      for (const event of events) remember(streamId, event);
      return result;
    },
    async readStream(streamId, options) {
      return expand(await store.readStream(streamId, options));
    },
    async readAll(options) {
      return expand(await store.readAll(options));
    },
    headPosition: () => store.headPosition(),
    subscribeToAll(options) {
      return store.subscribeToAll({
        ...options,
        onEvent: async (event) => {
          const [expanded] = await expand([event]);
          return options.onEvent(expanded!);
        },
      });
    },
    watchAppends: (options) => store.watchAppends(options),
    close: () => store.close(),
  };
}

/** A stored assignment whose items may name their types by id (cheap check: no zod on reads). */
function isStoredAssignment(data: unknown): data is StoredRequiredProceduresAssigned {
  return (
    typeof data === 'object' && data !== null && Array.isArray((data as { procedures?: unknown }).procedures)
  );
}
