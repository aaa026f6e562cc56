import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_TYPE_LABELS,
  CATEGORY_LABELS,
  CUSTOM_REPORT_FIELD_LABELS,
  PHASE_LABELS,
  OTHER_FIELD_LABELS,
  PATIENT_FIELD_LABELS,
  PATIENT_STATUS_LABELS,
  PROCEDURE_FIELD_LABELS,
  formatCpf,
  municipalityWithState,
  isClinicalDate,
  formatClinicTimestamp,
  type AuditLogEntryDto,
} from '@bari/contracts';
import { format, parseISO } from 'date-fns';
import { auditMessages as m } from './messages.ts';

/**
 * §9: audit timestamps as dd/MM/yyyy HH:mm:ss, as São Paulo reads them (the browser's own zone
 * showed the same entry three hours apart on a computer set to UTC, one or two in Manaus).
 */
export function formatTimestamp(instant: string): string {
  return formatClinicTimestamp(parseISO(instant));
}

const FIELD_LABELS: Readonly<Record<string, string>> = {
  ...PATIENT_FIELD_LABELS,
  ...PROCEDURE_FIELD_LABELS,
  ...OTHER_FIELD_LABELS,
};

/** A changed field's Portuguese label (its code when none is known). */
export const fieldLabel = (field: string): string => FIELD_LABELS[field] ?? m.valueLabels[field] ?? field;

export const actionLabel = (action: string): string =>
  AUDIT_ACTION_LABELS[action as keyof typeof AUDIT_ACTION_LABELS] ?? action;

export const entityTypeLabel = (type: string): string =>
  AUDIT_ENTITY_TYPE_LABELS[type as keyof typeof AUDIT_ENTITY_TYPE_LABELS] ?? type;

const STATUS_LABELS: Readonly<Record<string, string>> = {
  pending: 'Pendente',
  completed: 'Concluído',
  approved: 'Aprovado',
  rejected: 'Rejeitado',
};

/** A value for display: dates as dd/MM/yyyy, statuses in Portuguese, empty as 'Não informado'. */
export function displayValue(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return m.empty_value;
  if (isClinicalDate(value)) return format(parseISO(value), 'dd/MM/yyyy');
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return formatTimestamp(value);
  if (value === 'true') return 'Sim';
  if (value === 'false') return 'Não';
  return STATUS_LABELS[value] ?? value;
}

/**
 * A changed field's value as the rest of the app shows it: the CPF masked (000.000.000-00) and
 * a municipality as 'Nome — UF' (the audit stores 'Nome/UF'), anything else as `displayValue`.
 */
export function displayFieldValue(field: string, value: string | null | undefined): string {
  if (field === 'cpf' && value && /^\d{11}$/.test(value)) return formatCpf(value);
  const municipality = field === 'municipality' ? /^(.+)\/([A-Z]{2})$/.exec(value ?? '') : null;
  if (municipality?.[1] && municipality[2])
    return municipalityWithState({ name: municipality[1], uf: municipality[2] });
  return displayValue(value);
}

/**
 * Codes some values hold, by the value's name: the protocol's labels, the sources', the events'
 * reasons, a report's kind, and an audit read's action and entity filters.
 */
const CODE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  category: CATEGORY_LABELS,
  phase: PHASE_LABELS,
  source: m.sourceLabels,
  reason: m.reasonLabels,
  kind: m.reportKindLabels,
  format: m.reportFormatLabels,
  action: AUDIT_ACTION_LABELS,
  entityType: AUDIT_ENTITY_TYPE_LABELS,
  status: PATIENT_STATUS_LABELS,
  sort: m.listSortLabels,
  direction: m.listDirectionLabels,
  purpose: m.lookupPurposeLabels,
  seen: m.seenLabels,
};

/** Values that list codes, comma-separated (a custom report's fields). */
const CODE_LIST_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  fields: CUSTOM_REPORT_FIELD_LABELS,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IBGE_CODE = /^\d{7}$/;

/** A user's email by id, when the screen knows it (the user filter's list). */
export type UserEmailOf = (id: string) => string | undefined;

/**
 * What the screen knows to name ids and codes with: users' emails (the user filter's list),
 * procedure types' names (the catalogue), municipalities' names (loaded when needed).
 */
export interface ValueNames {
  readonly emailOf?: UserEmailOf;
  readonly procedureTypeOf?: (id: string) => string | undefined;
  readonly municipalityOf?: (ibgeCode: string) => string | undefined;
}

/** `UserEmailOf` over the users the log names (the facets' list; undefined while loading). */
export const emailsOf =
  (users: readonly { readonly id: string; readonly email: string }[] | undefined): UserEmailOf =>
  (id) =>
    users?.find((user) => user.id === id)?.email;

/**
 * One of an entry's values for display: a code its name knows in Portuguese ('pre_operative' →
 * 'Pré-operatório', a filter's 'SEARCH_PATIENTS' → 'Pesquisar Pacientes'), a user's id as their
 * email and a procedure type's as its name (an id nobody names is said to be one), a
 * municipality's IBGE code as its name (or as a code; none is every municipality), anything
 * else as `displayValue` shows it.
 */
export function displayNamedValue(
  name: string,
  value: string | null | undefined,
  names: ValueNames = {},
): string {
  if (!value) return name === 'municipality' ? m.allMunicipalities : displayValue(value);
  const label = CODE_LABELS[name]?.[value];
  if (label) return label;
  const list = CODE_LIST_LABELS[name];
  if (list)
    return value
      .split(',')
      .map((code) => list[code] ?? code)
      .join(', ');
  if (UUID.test(value)) {
    const named = name === 'procedureTypeId' ? names.procedureTypeOf?.(value) : names.emailOf?.(value);
    return named ?? m.unnamedId(value);
  }
  if (name === 'municipality' && IBGE_CODE.test(value))
    return names.municipalityOf?.(value) ?? m.ibgeCode(value);
  return displayValue(value);
}

/**
 * An entry's other values are spelled out in the table when they say it in a few words (two or
 * three lines of the column at 1024 px), else 'Ver detalhes'.
 */
const VALUES_SUMMARY_MAX_LENGTH = 48;

/** Values read in this order (a period's start before its end), the others after. */
const VALUE_ORDER = [
  'kind',
  'search',
  'municipality',
  'startDate',
  'endDate',
  'from',
  'to',
  'patients',
  'changes',
  'skipped',
];

/**
 * An entry's other values in reading order: those of `VALUE_ORDER` first, the others by the
 * length of their name, then the name (as `jsonb` returned them), whatever order the details
 * were stored in (the log keeps them as written since migration 006, as `jsonb` before).
 */
export function orderedValues(
  values: Readonly<Record<string, string | null>> | undefined,
): [string, string | null][] {
  const rank = (name: string) => {
    const index = VALUE_ORDER.indexOf(name);
    return index === -1 ? VALUE_ORDER.length : index;
  };
  return Object.entries(values ?? {}).sort(
    ([a], [b]) => rank(a) - rank(b) || a.length - b.length || (a < b ? -1 : a > b ? 1 : 0),
  );
}

/** How a list read was paged and ordered: in the details, not in the summary (nor empty filters). */
const PAGING_VALUES: ReadonlySet<string> = new Set(['page', 'pageSize', 'sort', 'direction']);

/**
 * §2 details column: the updated fields joined by commas, else the status, else the fields
 * whose old → new values the entry shows (a rescheduled procedure's date), else 'Ver
 * detalhes'; '-' when there are no details. Improving on §2: an entry whose other values fit in
 * a few words shows them ('Pacientes alterados: 3; Alterações: 12'), and a search always shows
 * what it looked for ('Busca: maria') and a deletion why ('Motivo: …'), so the table and its
 * printout say what a maintenance run changed, whose records a search read and why a patient
 * was deleted.
 */
export function detailsSummary(details: AuditLogEntryDto['details'], names: ValueNames = {}): string {
  if (!details) return m.none;
  if (details.updatedFields && details.updatedFields.length > 0) {
    return details.updatedFields.map(fieldLabel).join(', ');
  }
  if (details.status) return displayValue(details.status);
  if (details.changes && details.changes.length > 0) {
    return details.changes.map((change) => fieldLabel(change.field)).join(', ');
  }
  const shown = orderedValues(details.values).filter(
    ([name, value]) => value !== null && value !== '' && !PAGING_VALUES.has(name),
  );
  const summary = (values: typeof shown) =>
    values.map(([name, value]) => `${fieldLabel(name)}: ${displayNamedValue(name, value, names)}`).join('; ');
  const all = summary(shown);
  if (all && all.length <= VALUES_SUMMARY_MAX_LENGTH) return all;
  // What a search looked for (and why), or why a patient was deleted, is what an auditor reads
  // the row for, however long.
  const essential = shown.filter(([name]) => ALWAYS_SUMMARISED.has(name));
  return essential.length > 0 ? shortened(summary(essential)) : m.seeDetails;
}

/**
 * A search or a reason, cut at about three lines of the column at 1024 px, the rest in the
 * details: a 500-character reason made one row 800 px tall.
 */
const ESSENTIAL_MAX_LENGTH = 120;
const shortened = (text: string): string =>
  text.length <= ESSENTIAL_MAX_LENGTH ? text : `${text.slice(0, ESSENTIAL_MAX_LENGTH - 1).trimEnd()}…`;

/**
 * Values the Detalhes column shows whatever their length: a search's purpose with it, so that the
 * form's check of a CPF reads as such in the table, not as a search the nurse made.
 */
const ALWAYS_SUMMARISED: ReadonlySet<string> = new Set(['search', 'purpose', 'deletionReason']);

/** The patient an entry is about: the patient itself, or a procedure's. */
export function patientIdOf(
  entry: Pick<AuditLogEntryDto, 'entityType' | 'entityId' | 'details'>,
): string | null {
  if (entry.entityType === 'patient') return entry.entityId;
  if (entry.entityType === 'procedure') return entry.details?.patientId ?? null;
  return null;
}

/**
 * The Nome column: the entity's name, and for a procedure its patient's ('25-OH vitamina D —
 * Maria Silva'): a change of one surgery date reschedules dozens of procedures of one patient,
 * and the same procedure names recur for every patient.
 */
export function entityDisplayName(
  entry: Pick<AuditLogEntryDto, 'entityType' | 'entityName' | 'details'>,
): string | null {
  const patientName = entry.entityType === 'procedure' ? entry.details?.patientName : null;
  if (!entry.entityName) return patientName ?? null;
  return patientName ? m.procedureOfPatient(entry.entityName, patientName) : entry.entityName;
}
