/*
 * The app's one date format: dd/MM/yyyy whatever the browser's language (issue 11). Forms
 * hold clinical dates as `yyyy-MM-dd` (the wire format); while the typed text is not yet a
 * whole valid date the form holds the text itself, so the contract schema answers
 * 'Data inválida' rather than 'obrigatória'.
 */

const ISO_DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
const DISPLAY_DATE_SHAPE = /^\d{2}\/\d{2}\/\d{4}$/;
const FIELD_LENGTHS = [2, 2, 4] as const;

/** The day of these numbers, if it exists ('31/02' does not); kept light: no date-fns `parse`. */
function realDay(year: number, month: number, day: number): Date | undefined {
  const date = new Date(year, month - 1, day);
  const exists = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return exists ? date : undefined;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** A `yyyy-MM-dd` string naming a real calendar day. */
export function isIsoDate(value: string): boolean {
  return isoToDate(value) !== undefined;
}

/** `2025-03-09` → `09/03/2025`; anything else (typed text, '') is shown as it is. */
export function isoToDisplay(value: string | null | undefined): string {
  if (!value) return '';
  if (!isIsoDate(value)) return value;
  const [year, month, day] = value.split('-');
  return `${day}/${month}/${year}`;
}

/** `09/03/2025` → `2025-03-09`; null unless the text is a whole, real day. */
export function displayToIso(text: string): string | null {
  if (!DISPLAY_DATE_SHAPE.test(text)) return null;
  const [day, month, year] = text.split('/').map(Number);
  const date = realDay(year ?? 0, month ?? 0, day ?? 0);
  return date ? dateToIso(date) : null;
}

/** What the form holds for typed text: the ISO day when complete and real, else the text. */
export function typedToFormValue(text: string): string {
  return displayToIso(text) ?? text;
}

/** A local calendar day as `yyyy-MM-dd`. */
export function dateToIso(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `yyyy-MM-dd` → the local Date at midnight, or undefined. */
export function isoToDate(value: string | null | undefined): Date | undefined {
  if (!value || !ISO_DATE_SHAPE.test(value)) return undefined;
  const [year, month, day] = value.split('-').map(Number);
  return realDay(year ?? 0, month ?? 0, day ?? 0);
}

/**
 * Shapes what is typed into dd/MM/yyyy as the user goes: digits fill day, month and year, the
 * slashes come by themselves, and a separator after one digit pads it ('1/3/2025' →
 * '01/03/2025'). A pasted ISO day is turned around. Deleting a slash deletes it.
 */
export function maskDateText(input: string): string {
  const trimmed = input.trim();
  if (ISO_DATE_SHAPE.test(trimmed)) return isoToDisplay(trimmed);
  const fields = ['', '', ''];
  let index = 0;
  for (const character of trimmed) {
    const length = FIELD_LENGTHS[index] ?? 4;
    if (/\d/.test(character)) {
      if ((fields[index] ?? '').length === length) {
        if (index === 2) break;
        index += 1;
      }
      fields[index] += character;
    } else if (/[/.\-\s]/.test(character) && index < 2 && (fields[index] ?? '').length > 0) {
      fields[index] = (fields[index] ?? '').padStart(2, '0');
      index += 1;
    }
  }
  return fields.slice(0, index + 1).join('/');
}
