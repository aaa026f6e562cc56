import {
  CUSTOM_REPORT_DATE_FIELDS,
  CUSTOM_REPORT_FIELD_LABELS,
  formatCpf,
  type CustomReportField,
  type CustomReportRow,
} from '@bari/contracts';
import { reportsMessages as m } from './messages.ts';
import { displayDate } from './report-dates.ts';

/** A cell as the printed table shows it: dates dd/mm/yyyy, the CPF masked, '-' when empty. */
export function printedCell(row: CustomReportRow, field: CustomReportField): string {
  const value = row[field];
  if (!value) return m.empty;
  if (CUSTOM_REPORT_DATE_FIELDS.has(field)) return displayDate(value);
  if (field === 'cpf') return formatCpf(value);
  return value;
}

export const fieldLabels = (fields: readonly CustomReportField[]): string[] =>
  fields.map((field) => CUSTOM_REPORT_FIELD_LABELS[field]);
