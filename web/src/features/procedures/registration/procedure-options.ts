import {
  CATEGORY_LABELS,
  PROCEDURE_CATEGORIES,
  type PatientProcedureDto,
  type Phase,
  type ProcedureType,
} from '@bari/contracts';
import { proceduresMessages as m } from '../messages.ts';

export interface ProcedureOption {
  /** The procedure type's id: what the form sends. */
  value: string;
  label: string;
  type: ProcedureType;
}

export interface ProcedureOptionGroup {
  label: string;
  options: ProcedureOption[];
}

const categoryOrder = (type: ProcedureType) => PROCEDURE_CATEGORIES.indexOf(type.category);
const byCategoryThenName = (a: ProcedureOption, b: ProcedureOption) =>
  categoryOrder(a.type) - categoryOrder(b.type) || a.type.name.localeCompare(b.type.name, 'pt-BR');

/** Post-operative names repeat across months, so their month is part of the label. */
function typeLabel(type: ProcedureType, optional: boolean): string {
  const name =
    type.phase === 'post_operative' ? `${type.name} — ${CATEGORY_LABELS[type.category]}` : type.name;
  return optional ? `${name} ${m.optionalSuffix}` : name;
}

/**
 * The four groups of the 'Tipo de Procedimento' select (§2), in order, each left out when
 * empty: the patient's pending pre- and post-operative procedures, then the optional types —
 * those not required and not yet present for the patient — of each phase.
 */
export function procedureOptionGroups(
  procedures: readonly PatientProcedureDto[],
  types: readonly ProcedureType[],
): ProcedureOptionGroup[] {
  const present = new Set(procedures.map((procedure) => procedure.procedureTypeId));
  const pending = (phase: Phase) =>
    procedures
      .filter((procedure) => procedure.status === 'pending' && procedure.procedureType.phase === phase)
      .map(({ procedureType }) => ({
        value: procedureType.id,
        label: typeLabel(procedureType, false),
        type: procedureType,
      }))
      .sort(byCategoryThenName);
  const optional = (phase: Phase) =>
    types
      .filter((type) => !type.isRequired && type.phase === phase && !present.has(type.id))
      .map((type) => ({ value: type.id, label: typeLabel(type, true), type }))
      .sort(byCategoryThenName);

  return [
    { label: m.pendingPreOpGroup, options: pending('pre_operative') },
    { label: m.pendingPostOpGroup, options: pending('post_operative') },
    { label: m.optionalPreOpGroup, options: optional('pre_operative') },
    { label: m.optionalPostOpGroup, options: optional('post_operative') },
  ].filter((group) => group.options.length > 0);
}
