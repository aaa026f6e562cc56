import ExcelJS from 'exceljs';
import {
  CUSTOM_REPORT_DATE_FIELDS,
  formatCpf,
  type CustomReportField,
  type CustomReportRow,
} from '@bari/contracts';
import { fieldLabels } from './custom-report-values.ts';
import { reportsMessages as m } from './messages.ts';
import { fileDate } from './report-dates.ts';

/*
 * The custom report as an .xlsx (§9): sheet 'Relatório', every column 20 characters wide, a
 * header row of the fields' labels, dates as real dates shown dd/mm/yyyy. Loaded only when
 * the user exports (exceljs is large). exceljs rather than the `xlsx` package: npm's `xlsx`
 * stopped at 0.18.5, which has published advisories (prototype pollution, ReDoS) fixed only
 * in releases SheetJS publishes outside the npm registry.
 */

export const COLUMN_WIDTH = 20;
export const DATE_FORMAT = 'dd/mm/yyyy';

export interface Spreadsheet {
  readonly fileName: string;
  readonly bytes: ArrayBuffer;
}

/** A `yyyy-MM-dd` date as the spreadsheet's date (midnight UTC, so no zone shifts the day). */
function dateCell(value: string): Date {
  const [year, month, day] = value.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!));
}

function cell(row: CustomReportRow, field: CustomReportField): string | Date | null {
  const value = row[field];
  if (!value) return null;
  if (CUSTOM_REPORT_DATE_FIELDS.has(field)) return dateCell(value);
  if (field === 'cpf') return formatCpf(value);
  return value;
}

export async function buildCustomSpreadsheet(
  rows: readonly CustomReportRow[],
  fields: readonly CustomReportField[],
  now: Date,
): Promise<Spreadsheet> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = now;
  const sheet = workbook.addWorksheet(m.sheetName);
  sheet.columns = fields.map((field, index) => ({
    header: fieldLabels(fields)[index],
    key: field,
    width: COLUMN_WIDTH,
    style: CUSTOM_REPORT_DATE_FIELDS.has(field) ? { numFmt: DATE_FORMAT } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(fields.map((field) => cell(row, field)));
  const bytes = await workbook.xlsx.writeBuffer();
  return { fileName: m.spreadsheetFileName(fileDate(now)), bytes: bytes as ArrayBuffer };
}

/** Hands the file to the browser as a download. */
export function downloadSpreadsheet({ fileName, bytes }: Spreadsheet): void {
  const blob = new Blob([bytes], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
