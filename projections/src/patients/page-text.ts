/*
 * The patient page (`GET /api/patients/:id`) as JSON text, put together from what its query
 * sends: PostgreSQL writes the header; the procedures are written here, those with a row of
 * their own from the rows' columns (sent as one array per column), the listed ones (most of a
 * page) from the list's arrays and their type's text (`patient_procedure_types.page_json`,
 * kept by `type-texts.ts`). PostgreSQL writing the procedures was about four fifths of the
 * query (0.89 → 0.26 ms a page for the listed ones, 0.33 → 0.22 ms for the others).
 *
 * Text goes through `JSON.stringify`, which escapes as PostgreSQL's `to_json` did (the same
 * bytes for every code point PostgreSQL can store); uuids, dates (ISO, as PostgreSQL writes
 * them in JSON), booleans, integers and the check-constrained `status` and `type_phase` need no
 * escaping. Overdue is the contract's `isProcedureOverdue`, as for every other reader.
 */

import { isProcedureOverdue, type ProcedureStatus } from '@bari/contracts';

/** What the page's query sends (`patientPageQuery` in `queries.ts`). */
export interface PatientPageParts {
  /** The patient's object as JSON text without its closing brace. */
  readonly header: string;
  readonly patientId: string;
  /**
   * The procedures with a row of their own, in timeline order, as a JSON object of one array
   * per column (`OwnColumns`; arrays of null when none).
   */
  readonly own: string;
  /** The list's arrays (null when the patient has no list): ids and ordinals comma-separated, */
  readonly listedIds: string | null;
  readonly listedOrdinals: string | null;
  /** types and dates as JSON arrays (type ids are free text; dates may be null). */
  readonly listedTypes: string | null;
  readonly listedDates: string | null;
}

const LISTED_TAIL = ',"completedDate":null,"location":null,"professionalName":null,"notes":null,"overdue":';
const OVERDUE_TAIL = `${LISTED_TAIL}true}`;
const NOT_OVERDUE_TAIL = `${LISTED_TAIL}false}`;

/**
 * A listed procedure as the page writes it: pending, no completion details, overdue when its
 * date has passed; `typeText` is its type's `page_json`.
 */
export function listedProcedureJson(
  id: string,
  patientId: string,
  typeText: string,
  scheduledDate: string | null,
  today: string,
): string {
  const date = scheduledDate === null ? 'null' : `"${scheduledDate}"`;
  const tail = isProcedureOverdue({ status: 'pending', scheduledDate }, today)
    ? OVERDUE_TAIL
    : NOT_OVERDUE_TAIL;
  return `{"id":"${id}","patientId":"${patientId}",${typeText},"status":"pending","scheduledDate":${date}${tail}`;
}

/** `patient_procedures`' columns the page writes, each an array in timeline order. */
export const PAGE_PROCEDURE_COLUMNS = [
  'ordinal',
  'id',
  'procedure_type_id',
  'type_name',
  'type_category',
  'type_phase',
  'type_is_required',
  'type_scheduled_month',
  'status',
  'scheduled_date',
  'completed_date',
  'location',
  'professional_name',
  'notes',
] as const;

type Nullable<Value> = readonly (Value | null)[];

/** The own procedures as the query sends them: every array as long, or all null. */
export interface OwnColumns {
  readonly ordinal: readonly number[] | null;
  readonly id: readonly string[];
  readonly procedure_type_id: readonly string[];
  readonly type_name: readonly string[];
  readonly type_category: readonly string[];
  readonly type_phase: readonly string[];
  readonly type_is_required: readonly boolean[];
  readonly type_scheduled_month: Nullable<number>;
  readonly status: readonly ProcedureStatus[];
  readonly scheduled_date: Nullable<string>;
  readonly completed_date: Nullable<string>;
  readonly location: Nullable<string>;
  readonly professional_name: Nullable<string>;
  readonly notes: Nullable<string>;
}

const nullableText = (value: string | null): string => (value === null ? 'null' : JSON.stringify(value));
const nullableDate = (value: string | null): string => (value === null ? 'null' : `"${value}"`);

/** The procedure at `index` of the own columns, as the page writes it. */
function ownProcedureJson(own: OwnColumns, index: number, patientId: string, today: string): string {
  const typeId = JSON.stringify(own.procedure_type_id[index]);
  const status = own.status[index]!;
  const scheduledDate = own.scheduled_date[index]!;
  const overdue = isProcedureOverdue({ status, scheduledDate }, today);
  return (
    `{"id":"${own.id[index]}","patientId":"${patientId}","procedureTypeId":${typeId}` +
    `,"procedureType":{"id":${typeId},"name":${JSON.stringify(own.type_name[index])}` +
    `,"category":${JSON.stringify(own.type_category[index])},"phase":"${own.type_phase[index]}"` +
    `,"isRequired":${own.type_is_required[index]},"scheduledMonth":${own.type_scheduled_month[index] ?? 'null'}}` +
    `,"status":"${status}","scheduledDate":${nullableDate(scheduledDate)}` +
    `,"completedDate":${nullableDate(own.completed_date[index]!)},"location":${nullableText(own.location[index]!)}` +
    `,"professionalName":${nullableText(own.professional_name[index]!)},"notes":${nullableText(own.notes[index]!)}` +
    `,"overdue":${overdue}}`
  );
}

/** The procedures with a row of their own, as the query sends them (in timeline order). */
function ownProcedures(text: string, patientId: string, today: string) {
  const own = JSON.parse(text) as OwnColumns;
  const ordinals = own.ordinal ?? [];
  if (PAGE_PROCEDURE_COLUMNS.some((column) => (own[column] ?? []).length !== ordinals.length)) {
    throw new Error(`The procedures of patient ${patientId} came with columns of different lengths`);
  }
  return {
    ordinals,
    ids: new Set(own.ordinal ? own.id : []),
    texts: ordinals.map((_, index) => ownProcedureJson(own, index, patientId, today)),
  };
}

/**
 * The list's ordinals as numbers, refusing a list that breaks what its writers keep
 * (`appendToLists`, `removeFromLists`): arrays without nulls, as long as one another. Such a
 * list fails the page rather than showing a procedure misplaced or lost.
 */
function listedOrdinals(
  parts: PatientPageParts,
  ids: readonly string[],
  dates: readonly unknown[],
  typeCount: number,
) {
  const broken = (what: string) => new Error(`The procedure list of patient ${parts.patientId} ${what}`);
  const texts = (parts.listedOrdinals ?? '').split(',');
  if (texts.length !== ids.length || dates.length !== ids.length || typeCount !== ids.length) {
    throw broken('has arrays of different lengths');
  }
  const ordinals = texts.map((text) => (text === '' ? NaN : Number(text)));
  if (!ordinals.every(Number.isInteger)) throw broken('holds a null ordinal');
  if (!dates.every((date) => date === null || typeof date === 'string'))
    throw broken('holds a date that is not');
  return ordinals;
}

/**
 * The page's JSON text: the header, then every procedure in timeline order (`ordinal`): those
 * with a row of their own, from their columns, and the listed ones without one (a row
 * overrides its listing). `typeTexts` holds the `page_json` of each listed procedure's type,
 * in the list's order.
 */
export function patientPageText(
  parts: PatientPageParts,
  typeTexts: readonly string[],
  today: string,
): string {
  const own = ownProcedures(parts.own, parts.patientId, today);
  const ids = parts.listedIds === null || parts.listedIds === '' ? [] : parts.listedIds.split(',');
  const dates = ids.length === 0 ? [] : (JSON.parse(parts.listedDates ?? '[]') as unknown[]);
  const ordinals = ids.length === 0 ? [] : listedOrdinals(parts, ids, dates, typeTexts.length);
  // The lists' writers keep them in timeline order; should one not be, it is read in order.
  const ascending = ordinals.every((ordinal, index) => index === 0 || ordinals[index - 1]! < ordinal);
  const order = ascending ? null : [...ordinals.keys()].sort((a, b) => ordinals[a]! - ordinals[b]!);
  let procedures = '';
  const put = (json: string) => {
    procedures += procedures === '' ? json : `,${json}`;
  };
  let next = 0;
  for (let position = 0; position < ids.length; position += 1) {
    const index = order ? order[position]! : position;
    // A row of its own and a listed one at the same place: the row first, as before.
    while (next < own.texts.length && own.ordinals[next]! <= ordinals[index]!) put(own.texts[next++]!);
    const id = ids[index]!;
    if (own.ids.has(id)) continue;
    put(listedProcedureJson(id, parts.patientId, typeTexts[index]!, dates[index] as string | null, today));
  }
  while (next < own.texts.length) put(own.texts[next++]!);
  return `${parts.header},"procedures":[${procedures}]}`;
}
