import type { Content, TableCell, TDocumentDefinitions } from './pdf-types.ts';
import {
  formatCpf,
  municipalityLabel,
  municipalityWithState,
  progressPercentage,
  type ReportDateRange,
} from '@bari/contracts';
import type { MunicipalReportPatient } from '@bari/projections';
import { pdfMessages } from '../messages.ts';
import { periodLine, reportDocument, type ReportHeading } from './frame.ts';

const m = pdfMessages.municipal;

export interface MunicipalTotals {
  readonly patients: number;
  readonly completed: number;
  readonly pending: number;
  readonly overdue: number;
}

/** Sums the patients' counts (a municipality's subtotal, or the report's total). */
export function totalsOf(patients: readonly MunicipalReportPatient[]): MunicipalTotals {
  return patients.reduce(
    (sum, patient) => ({
      patients: sum.patients + 1,
      completed: sum.completed + patient.completed,
      pending: sum.pending + patient.pending,
      overdue: sum.overdue + patient.overdue,
    }),
    { patients: 0, completed: 0, pending: 0, overdue: 0 },
  );
}

const number = (value: number, bold = false, fillColor?: string): TableCell => ({
  text: String(value),
  alignment: 'right',
  bold,
  fillColor,
});

/**
 * The label, with the patients' count, across the first three columns (the count alone in
 * 'Progresso Geral' wrapped over two lines).
 */
function totalsRow(label: string, totals: MunicipalTotals, fill: string): TableCell[] {
  return [
    { text: label, bold: true, colSpan: 3, fillColor: fill },
    { text: '' },
    { text: '' },
    number(totals.completed, true, fill),
    number(totals.pending, true, fill),
    number(totals.overdue, true, fill),
  ];
}

/** Patients grouped by municipality (they arrive sorted by municipality, then name). */
function byMunicipality(patients: readonly MunicipalReportPatient[]): MunicipalReportPatient[][] {
  const groups: MunicipalReportPatient[][] = [];
  for (const patient of patients) {
    const last = groups.at(-1);
    if (last && last[0]!.ibgeCode === patient.ibgeCode) last.push(patient);
    else groups.push([patient]);
  }
  return groups;
}

function patientsTable(patients: readonly MunicipalReportPatient[]): Content {
  const body: TableCell[][] = [m.columns.map((label) => ({ text: label, style: 'tableHeader' }))];
  for (const group of byMunicipality(patients)) {
    const { municipalityName, uf } = group[0]!;
    const label = municipalityLabel({ name: municipalityName, uf });
    body.push([
      // The name and its state once: 'Santo André — SP', never 'Santo André (SP) — SP'.
      {
        text: municipalityWithState({ name: municipalityName, uf }),
        bold: true,
        colSpan: 6,
        margin: [0, 4, 0, 0],
      },
      '',
      '',
      '',
      '',
      '',
    ]);
    for (const patient of group) {
      body.push([
        patient.name,
        formatCpf(patient.cpf),
        {
          text: `${progressPercentage(patient.allCompletedProcedures, patient.totalProcedures)}%`,
          alignment: 'right',
        },
        number(patient.completed),
        number(patient.pending),
        number(patient.overdue),
      ]);
    }
    const subtotal = totalsOf(group);
    body.push(totalsRow(m.subtotal(label, subtotal.patients), subtotal, '#f6f7f9'));
  }
  const total = totalsOf(patients);
  body.push(totalsRow(m.total(total.patients), total, '#e5e8eb'));
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: ['*', 'auto', 'auto', 'auto', 'auto', 'auto'],
      body,
    },
    layout: 'lightHorizontalLines',
  };
}

/**
 * The municipal report (issue 9): per municipality its patients with their overall progress
 * and their completed, pending and overdue procedures in the range; subtotals and the total.
 */
export function municipalReport(
  patients: readonly MunicipalReportPatient[],
  municipality: string | undefined,
  range: ReportDateRange,
  heading: Omit<ReportHeading, 'title' | 'documentTitle' | 'filters'>,
): TDocumentDefinitions {
  return reportDocument(
    {
      ...heading,
      title: m.title,
      documentTitle: municipality ? `${m.documentTitle} — ${municipality}` : m.documentTitle,
      filters: [municipality ? m.municipality(municipality) : m.allMunicipalities, periodLine(range)],
    },
    patients.length === 0
      ? [{ text: m.noPatients, italics: true, margin: [0, 16, 0, 0] }]
      : [
          { text: '', margin: [0, 8, 0, 0] },
          patientsTable(patients),
          { text: m.note, style: 'note' },
          ...(range.startDate || range.endDate ? [{ text: m.rangeNote, style: 'note' }] : []),
        ],
  );
}
