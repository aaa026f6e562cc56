import {
  PROTOCOL_CATALOGUE,
  ProcedureTypeDefined,
  phaseOfCategory,
  procedureTypeKey,
  scheduledMonthOfCategory,
  type ProcedureCategory,
  type ProcedureType,
  type ProcedureTypeEvent,
} from '@bari/contracts';
import type { Decider } from '../shared/decider.ts';
import { assertNever } from '../shared/assert-never.ts';
import { DuplicateProcedureType, RequiredProcedureTypeForbidden } from './errors.ts';
import {
  evolveProcedureTypes,
  initialProcedureTypesState,
  type ProcedureTypesState,
} from './procedure-types.ts';

/** `POST /api/procedure-types` (the add-procedure dialog): phase and month follow the category. */
export interface DefineProcedureType {
  readonly type: 'DefineProcedureType';
  readonly data: {
    /** A fresh UUID. */
    readonly procedureTypeId: string;
    /** Trimmed, not blank (`CreateProcedureTypeRequestSchema`). */
    readonly name: string;
    readonly category: ProcedureCategory;
    readonly isRequired: boolean;
    /** Whether an administrator asks: only they may define a required type (it joins every patient's protocol). */
    readonly byAdministrator: boolean;
  };
}

/**
 * Initialization: defines every catalogue type not yet defined (same id, or same name in the
 * category). Idempotent, so it also brings a changed catalogue in; 'Atualizar Procedimentos'
 * then reaches the existing patients.
 */
export interface DefineCatalogue {
  readonly type: 'DefineCatalogue';
  readonly data: { readonly catalogue?: readonly ProcedureType[] };
}

export type ProcedureTypesCommand = DefineProcedureType | DefineCatalogue;

export function defineProcedureType(
  { data }: DefineProcedureType,
  state: ProcedureTypesState,
): ProcedureTypeEvent[] {
  if (data.isRequired && !data.byAdministrator) throw new RequiredProcedureTypeForbidden();
  if (state.keys.has(procedureTypeKey(data)) || state.types.has(data.procedureTypeId)) {
    throw new DuplicateProcedureType(data.category, data.name);
  }
  return [
    ProcedureTypeDefined.create({
      id: data.procedureTypeId,
      name: data.name,
      category: data.category,
      phase: phaseOfCategory(data.category),
      isRequired: data.isRequired,
      scheduledMonth: scheduledMonthOfCategory(data.category),
      source: 'staff',
    }),
  ];
}

export function defineCatalogue({ data }: DefineCatalogue, state: ProcedureTypesState): ProcedureTypeEvent[] {
  const events: ProcedureTypeEvent[] = [];
  let current = state;
  for (const type of data.catalogue ?? PROTOCOL_CATALOGUE) {
    if (current.types.has(type.id) || current.keys.has(procedureTypeKey(type))) continue;
    const event = ProcedureTypeDefined.create({ ...type, source: 'catalogue' });
    events.push(event);
    current = evolveProcedureTypes(current, event);
  }
  return events;
}

export function decideProcedureTypes(
  command: ProcedureTypesCommand,
  state: ProcedureTypesState,
): ProcedureTypeEvent[] {
  switch (command.type) {
    case 'DefineProcedureType':
      return defineProcedureType(command, state);
    case 'DefineCatalogue':
      return defineCatalogue(command, state);
    default:
      return assertNever(command);
  }
}

export const procedureTypesDecider: Decider<ProcedureTypesCommand, ProcedureTypeEvent, ProcedureTypesState> =
  {
    decide: decideProcedureTypes,
    evolve: evolveProcedureTypes,
    initialState: initialProcedureTypesState,
  };
