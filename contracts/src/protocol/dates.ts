import { z } from 'zod';

/*
 * Clinical dates are calendar dates, `yyyy-MM-dd`, on the wire, in events and in the read
 * models (style.md, habit 3). The arithmetic below works on the calendar itself (UTC
 * midnight, never local time), so no time zone or daylight-saving change can shift a day.
 */

export const CLINICAL_DATE_INVALID = 'Data inválida';

const clinicalDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function toUtc(date: string): Date {
  const match = clinicalDatePattern.exec(date);
  if (!match) throw new RangeError(`Not a yyyy-MM-dd date: ${date}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

function fromUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A real day of the calendar written `yyyy-MM-dd`, years 1000 to 9999 ('2025-02-30' is not). */
function isCalendarDate(value: string): boolean {
  if (!clinicalDatePattern.test(value)) return false;
  return Number(value.slice(0, 4)) >= 1000 && fromUtc(toUtc(value)) === value;
}

/** Whether the value is a real calendar date written `yyyy-MM-dd` ('2025-02-30' is not). */
export function isClinicalDate(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return isCalendarDate(value) && year >= 1900 && year <= 2999;
}

/** A calendar date `yyyy-MM-dd` (message 'Data inválida'). */
export const ClinicalDateSchema = z.string().refine(isClinicalDate, CLINICAL_DATE_INVALID);
export type ClinicalDate = z.infer<typeof ClinicalDateSchema>;

/*
 * The range a person may type (admission, surgery, discharge, completion): from 1900 to two
 * years after today. Checked on input only, so everything derived from an accepted date (the
 * follow-up schedule adds at most 18 months) stays a valid `ClinicalDate` by construction
 * (`intervals.unit.test.ts` checks every day of the range against every interval).
 */
export const EARLIEST_CLINICAL_DATE = '1900-01-01';
export const CLINICAL_DATE_FUTURE_MONTHS = 24;
export const CLINICAL_DATE_TOO_EARLY = 'A data não pode ser anterior a 01/01/1900.';
export const CLINICAL_DATE_TOO_LATE = 'A data não pode ser mais de 2 anos no futuro.';

/** The latest date accepted as input on `today` (São Paulo): today plus two years. */
export function latestClinicalDate(today: string): string {
  return addMonthsToDate(today, CLINICAL_DATE_FUTURE_MONTHS);
}

/** Why an input date is out of range on `today`, or null when it is within it. */
export function clinicalDateRangeIssue(
  date: string,
  today: string,
  latest: { readonly date: (today: string) => string; readonly message: string } = {
    date: latestClinicalDate,
    message: CLINICAL_DATE_TOO_LATE,
  },
): string | null {
  if (date < EARLIEST_CLINICAL_DATE) return CLINICAL_DATE_TOO_EARLY;
  if (date > latest.date(today)) return latest.message;
  return null;
}

/**
 * A clinical date a person sends: a calendar date within `clinicalDateRangeIssue`'s range,
 * judged against today on the São Paulo calendar when the input is parsed. `latest` narrows
 * the end (a completion date may not be after today).
 */
export function clinicalDateInput(latest?: Parameters<typeof clinicalDateRangeIssue>[2]) {
  return z.string().superRefine((date, context) => {
    const issue = isCalendarDate(date)
      ? clinicalDateRangeIssue(date, clinicToday(new Date()), latest)
      : CLINICAL_DATE_INVALID;
    if (issue) context.addIssue({ code: z.ZodIssueCode.custom, message: issue });
  });
}

/** Every clinical date input (admission, surgery, discharge): 1900 to today plus two years. */
export const ClinicalDateInputSchema = clinicalDateInput();

/** `date` plus `days` calendar days. */
export function addDaysToDate(date: string, days: number): string {
  const result = toUtc(date);
  result.setUTCDate(result.getUTCDate() + days);
  return fromUtc(result);
}

/**
 * `date` plus `months` calendar months; a day that does not exist in the target month becomes
 * that month's last day (2024-01-31 + 1 month = 2024-02-29), as date-fns `addMonths` does.
 */
export function addMonthsToDate(date: string, months: number): string {
  const source = toUtc(date);
  const firstOfTarget = new Date(Date.UTC(source.getUTCFullYear(), source.getUTCMonth() + months, 1));
  const lastDay = new Date(
    Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0),
  ).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(source.getUTCDate(), lastDay));
  return fromUtc(firstOfTarget);
}

/** The service's time zone: "today" and "overdue" are judged on the São Paulo calendar. */
export const CLINIC_TIME_ZONE = 'America/Sao_Paulo';

/**
 * The São Paulo calendar's year, month and day, read part by part: no locale's pattern is
 * relied on (`en-CA` wrote `yyyy-MM-dd` until one ICU release, 72, wrote `M/d/y`; a browser
 * with it would have sent "11/29/2026" as today's date).
 */
const clinicDateParts = new Intl.DateTimeFormat('en-US', {
  timeZone: CLINIC_TIME_ZONE,
  numberingSystem: 'latn',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function clinicDateOf(now: Date): string {
  let year = '';
  let month = '';
  let day = '';
  for (const { type, value } of clinicDateParts.formatToParts(now)) {
    if (type === 'year') year = value.padStart(4, '0');
    else if (type === 'month') month = value;
    else if (type === 'day') day = value;
  }
  return `${year}-${month}-${day}`;
}

/** The last answer of `clinicToday`, and the second it was for. */
let lastToday = { second: Number.NaN, date: '' };

/**
 * The calendar date in São Paulo at the instant `now` (`yyyy-MM-dd`). Every request asks it,
 * and the formatter took about 10 µs a call (1 % of the patient page's CPU in the app): the
 * answer is kept for the second it was asked in. Exact: every offset in the time zone
 * database is a whole number of seconds (São Paulo's mean time was -03:06:28), so no date
 * changes within a second.
 */
export function clinicToday(now: Date): string {
  const second = Math.floor(now.getTime() / 1000);
  if (second !== lastToday.second) lastToday = { second, date: clinicDateOf(now) };
  return lastToday.date;
}

const clinicDateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: CLINIC_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An instant as São Paulo reads it, for people: '27/11/2026 às 19:04'. */
export const formatClinicDateTime = (instant: Date): string =>
  clinicDateTimeFormat.format(instant).replace(',', ' às');

/** The São Paulo wall clock's parts, read one by one (no locale's pattern relied on). */
const clinicClockParts = new Intl.DateTimeFormat('en-US', {
  timeZone: CLINIC_TIME_ZONE,
  numberingSystem: 'latn',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant's São Paulo date (`yyyy-MM-dd`) and time (`HH:mm:ss`). */
export function clinicDateTimeParts(instant: Date): { readonly date: string; readonly time: string } {
  const part: Record<string, string> = {};
  for (const { type, value } of clinicClockParts.formatToParts(instant)) part[type] = value;
  return {
    date: `${part['year']!.padStart(4, '0')}-${part['month']}-${part['day']}`,
    time: `${part['hour']}:${part['minute']}:${part['second']}`,
  };
}

/**
 * An instant as São Paulo reads it, to the second: '29/11/2026 20:18:20' (the audit's §9
 * format). The same entry reads the same on every computer, whatever its time zone (Manaus,
 * Rio Branco, a server in UTC), as the PDFs and the printed pages do.
 */
export function formatClinicTimestamp(instant: Date): string {
  const { date, time } = clinicDateTimeParts(instant);
  return `${formatClinicalDate(date)} ${time}`;
}

/** The same, to the minute: '29/11/2026 20:18'. */
export const formatClinicMinute = (instant: Date): string => formatClinicTimestamp(instant).slice(0, -3);

/**
 * The instant São Paulo's clock reads `date` (`yyyy-MM-dd`) at `time` (`HH:mm`): what a time
 * typed in the app means, whatever the computer's own zone. The zone's offset is read at the
 * instant itself (twice: a guess an hour off across a change of summer time is corrected).
 */
export function clinicInstant(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const offsetAt = (instant: number): number => {
    const parts = clinicDateTimeParts(new Date(instant));
    const [y, mo, d] = parts.date.split('-').map(Number) as [number, number, number];
    const [h, mi, se] = parts.time.split(':').map(Number) as [number, number, number];
    return Date.UTC(y, mo - 1, d, h, mi, se) - Math.floor(instant / 1000) * 1000;
  };
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}

/** A clinical date for display in pt-BR: '2025-03-15' → '15/03/2025'. */
export function formatClinicalDate(date: string): string {
  const match = clinicalDatePattern.exec(date);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : date;
}
