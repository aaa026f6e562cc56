import { clinicToday, formatClinicalDate } from '@bari/contracts';

/**
 * The date in file names and print titles: dd-MM-yyyy (a file name cannot hold '/'), São
 * Paulo's, as the printed 'Gerado em' says.
 */
export const fileDate = (now: Date): string => formatClinicalDate(clinicToday(now)).replaceAll('/', '-');

/** A `yyyy-MM-dd` value for paper and spreadsheet cells: dd/mm/yyyy. */
export function displayDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** The query string of a PDF report: only the filled values. */
export function reportUrl(path: string, params: Readonly<Record<string, string | undefined>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
