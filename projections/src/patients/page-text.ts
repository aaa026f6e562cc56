/*
 * The patient page (`GET /api/patients/:id`) as JSON text, put together from what its query
 * sends: PostgreSQL writes the header and the procedures with a row of their own; the listed
 * ones (most of a page) are written here, from the list's arrays and their type's text
 * (`patient_procedure_types.page_json`, kept by `type-texts.ts`). PostgreSQL writing the
 * listed ones too was about two thirds of the query (0.89 → 0.26 ms a page).
 */

/** What the page's query sends (`patientPageQuery` in `queries.ts`). */
export interface PatientPageParts {
  /** The patient's object as JSON text without its closing brace. */
  readonly header: string;
  readonly patientId: string;
  /**
   * One line per procedure with a row of its own, in timeline order: `<ordinal> <id> <json>`;
   * null when none.
   */
  readonly own: string | null;
  /** The list's arrays (null when the patient has no list): ids and ordinals comma-separated, */
  readonly listedIds: string | null;
  readonly listedOrdinals: string | null;
  /** types and dates as JSON arrays (type ids are free text; dates may be null). */
  readonly listedTypes: string | null;
  readonly listedDates: string | null;
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
  id: string,
  patientId: string,
  typeText: string,
  scheduledDate: string | null,
  today: string,
): string {
  const date = scheduledDate === null ? 'null' : `"${scheduledDate}"`;
  const tail = scheduledDate !== null && isBeforeDay(scheduledDate, today) ? OVERDUE_TAIL : NOT_OVERDUE_TAIL;
  return `{"id":"${id}","patientId":"${patientId}",${typeText},"status":"pending","scheduledDate":${date}${tail}`;
}

/** The procedures with a row of their own, as the query sends them (in timeline order). */
function ownProcedures(own: string | null) {
  const ordinals: number[] = [];
  const ids = new Set<string>();
  const texts: string[] = [];
  if (own === null || own === '') return { ordinals, ids, texts };
  // A line never breaks inside a procedure: JSON escapes a newline in text.
  for (const line of own.split('\n')) {
    const afterOrdinal = line.indexOf(' ');
    const afterId = line.indexOf(' ', afterOrdinal + 1);
    ordinals.push(Number(line.slice(0, afterOrdinal)));
    ids.add(line.slice(afterOrdinal + 1, afterId));
    texts.push(line.slice(afterId + 1));
  }
  return { ordinals, ids, texts };
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
  types: number,
) {
  const broken = (what: string) => new Error(`The procedure list of patient ${parts.patientId} ${what}`);
  const texts = (parts.listedOrdinals ?? '').split(',');
  if (texts.length !== ids.length || dates.length !== ids.length || types !== ids.length) {
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
 * with a row of their own as PostgreSQL wrote them, and the listed ones without one (a row
 * overrides its listing). `typeTexts` holds the `page_json` of each listed procedure's type,
 * in the list's order.
 */
export function patientPageText(
  parts: PatientPageParts,
  typeTexts: readonly string[],
  today: string,
): string {
  const own = ownProcedures(parts.own);
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
