/*
 * The patient page (`GET /api/patients/:id`) as JSON text, put together from what its query
 * sends: PostgreSQL writes the header and the procedures with a row of their own; the listed
 * ones (most of a page) are written here, from the list's arrays and their type's text
 * (`patient_procedure_types.page_json`, kept by the caller). PostgreSQL writing the listed
 * ones too was about two thirds of the query (0.89 → 0.26 ms a page).
 */

/** What the page's query sends (`patientPageQuery` in `queries.ts`). */
export interface PatientPageParts {
  /** The patient's object as JSON text without its closing brace. */
  readonly header: string;
  readonly patientId: string;
  /** One line per procedure with a row of its own: `<ordinal> <id> <json>`; null when none. */
  readonly own: string | null;
  /** The list's arrays (null when the patient has no list): ids and ordinals comma-separated, */
  readonly listedIds: string | null;
  readonly listedOrdinals: string | null;
  /** types and dates as JSON arrays (type ids are free text; dates may be null). */
  readonly listedTypes: string | null;
  readonly listedDates: string | null;
}

/** A listed procedure, as its list holds it. */
export interface ListedProcedure {
  readonly id: string;
  readonly typeId: string;
  readonly scheduledDate: string | null;
  readonly ordinal: number;
}

/** A procedure's JSON text and its place in the patient's timeline. */
interface PlacedProcedure {
  readonly ordinal: number;
  readonly json: string;
}

/** The list's procedures, in the list's order. */
export function listedProceduresIn(parts: PatientPageParts): ListedProcedure[] {
  if (parts.listedIds === null || parts.listedIds === '') return [];
  const ids = parts.listedIds.split(',');
  const ordinals = (parts.listedOrdinals ?? '').split(',');
  const types = JSON.parse(parts.listedTypes ?? '[]') as unknown[];
  const dates = JSON.parse(parts.listedDates ?? '[]') as unknown[];
  if (ordinals.length !== ids.length || types.length !== ids.length || dates.length !== ids.length) {
    throw new Error(`The procedure list of patient ${parts.patientId} has arrays of different lengths`);
  }
  return ids.map((id, index) => ({
    id,
    typeId: String(types[index]),
    scheduledDate: dates[index] === null ? null : String(dates[index]),
    ordinal: Number(ordinals[index]),
  }));
}

/**
 * Whether `date` (as PostgreSQL writes a date in JSON: `YYYY-MM-DD`, a year past 9999 with more
 * digits, a year before Christ with ` BC`) is before `today` (`YYYY-MM-DD`): the SQL's
 * `scheduled_date < today::date`.
 */
export function isBeforeDay(date: string, today: string): boolean {
  if (date.endsWith(' BC')) return true;
  if (date.indexOf('-') > 4) return false;
  return date < today;
}

const LISTED_TAIL = ',"completedDate":null,"location":null,"professionalName":null,"notes":null,"overdue":';
const OVERDUE_TAIL = `${LISTED_TAIL}true}`;
const NOT_OVERDUE_TAIL = `${LISTED_TAIL}false}`;

/**
 * A listed procedure as the page writes it: pending, no completion details, overdue when its
 * date has passed; `typeText` is its type's `page_json`.
 */
export function listedProcedureJson(
  procedure: ListedProcedure,
  patientId: string,
  typeText: string,
  today: string,
): string {
  const { scheduledDate } = procedure;
  const date = scheduledDate === null ? 'null' : `"${scheduledDate}"`;
  const tail = scheduledDate !== null && isBeforeDay(scheduledDate, today) ? OVERDUE_TAIL : NOT_OVERDUE_TAIL;
  return `{"id":"${procedure.id}","patientId":"${patientId}",${typeText},"status":"pending","scheduledDate":${date}${tail}`;
}

function ownProcedures(own: string | null): { placed: PlacedProcedure[]; ids: Set<string> } {
  const placed: PlacedProcedure[] = [];
  const ids = new Set<string>();
  if (own === null || own === '') return { placed, ids };
  // A line never breaks inside a procedure: JSON escapes a newline in text.
  for (const line of own.split('\n')) {
    const afterOrdinal = line.indexOf(' ');
    const afterId = line.indexOf(' ', afterOrdinal + 1);
    ids.add(line.slice(afterOrdinal + 1, afterId));
    placed.push({ ordinal: Number(line.slice(0, afterOrdinal)), json: line.slice(afterId + 1) });
  }
  return { placed, ids };
}

const byOrdinal = (a: PlacedProcedure, b: PlacedProcedure): number => a.ordinal - b.ordinal;

/**
 * The page's JSON text: the header, then every procedure in timeline order (`ordinal`): those
 * with a row of their own as PostgreSQL wrote them, and the listed ones without one (a row
 * overrides its listing). `typeText` gives a listed type's `page_json`.
 */
export function patientPageText(
  parts: PatientPageParts,
  listed: readonly ListedProcedure[],
  typeText: (typeId: string) => string,
  today: string,
): string {
  const { placed, ids } = ownProcedures(parts.own);
  for (const procedure of listed) {
    if (ids.has(procedure.id)) continue;
    placed.push({
      ordinal: procedure.ordinal,
      json: listedProcedureJson(procedure, parts.patientId, typeText(procedure.typeId), today),
    });
  }
  placed.sort(byOrdinal);
  let procedures = '';
  for (const [index, procedure] of placed.entries()) {
    procedures += index === 0 ? procedure.json : `,${procedure.json}`;
  }
  return `${parts.header},"procedures":[${procedures}]}`;
}
