import { procedureTypeKey, type ProcedureType, type ProcedureTypeEvent } from '@bari/contracts';
import { assertNever } from '../shared/assert-never.ts';

/*
 * The catalogue of procedure types: one stream, `procedure-types`, so that "a name is unique
 * within its category" holds by the stream's revision. Types are only ever defined: never
 * renamed nor removed, so patients' procedures can keep a copy of theirs.
 */

export interface ProcedureTypesState {
  /** By id, in the order they were defined (catalogue order, then staff additions). */
  readonly types: ReadonlyMap<string, ProcedureType>;
  /** `procedureTypeKey` of every type: category + folded name. */
  readonly keys: ReadonlySet<string>;
}

export const initialProcedureTypesState = (): ProcedureTypesState => ({ types: new Map(), keys: new Set() });

export function evolveProcedureTypes(
  state: ProcedureTypesState,
  event: ProcedureTypeEvent,
): ProcedureTypesState {
  switch (event.type) {
    case 'ProcedureTypeDefined': {
      const { source: _source, ...type } = event.data;
      return {
        types: new Map(state.types).set(type.id, type),
        keys: new Set(state.keys).add(procedureTypeKey(type)),
      };
    }
    default:
      return assertNever(event.type);
  }
}

/** The defined types in order, as patient commands take them (`procedureTypes`). */
export function procedureTypesOf(state: ProcedureTypesState): ProcedureType[] {
  return [...state.types.values()];
}
