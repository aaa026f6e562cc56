import type { Content, TableCell, TDocumentDefinitions } from './pdf-types.ts';
import {
  CATEGORY_LABELS,
  PHASES,
  PHASE_SECTION_TITLES,
  PROCEDURE_CATEGORIES,
  PROCEDURE_STATUS_LABELS,
  expectedDate,
  formatCpf,
  municipalityWithState,
  phaseOfCategory,
  scheduleBaseDate,
  procedureDisplayStatus,
  type PatientDetailDto,
  type PatientProcedureDto,
  type ReportDateRange,
} from '@bari/contracts';
import { pdfMessages } from '../messages.ts';
import { paperDate, periodLine, reportDocument, type ReportHeading } from './frame.ts';

const m = pdfMessages.individual;

/** A procedure is in the range by its completed date, or its scheduled date when not completed. */
export function procedureInRange(procedure: PatientProcedureDto, range: ReportDateRange): boolean {
  if (!range.startDate && !range.endDate) return true;
  const day = procedure.status === 'completed' ? procedure.completedDate : procedure.scheduledDate;
  if (!day) return false;
  return (!range.startDate || day >= range.startDate) && (!range.endDate || day <= range.endDate);
}

function identification(patient: PatientDetailDto): Content {
  const pairs: [string, string][] = [
    [m.name, patient.name],
    [m.cpf, formatCpf(patient.cpf)],
    [m.cns, patient.cns ?? pdfMessages.notInformed],
    [m.municipality, municipalityWithState(patient.municipality)],
    [m.admissionDate, paperDate(patient.admissionDate)],
    [m.surgeryDate, paperDate(patient.surgeryDate)],
    [m.dischargeDate, paperDate(patient.dischargeDate)],
    [m.surgeon, patient.surgeonName],
    [m.location, patient.surgeryLocation],
    [m.aih, patient.aihNumber ?? pdfMessages.notInformed],
    [m.sisreg, patient.sisregCode ?? pdfMessages.notInformed],
  ];
  const rows: TableCell[][] = [];
  for (let index = 0; index < pairs.length; index += 2) {
    const row: TableCell[] = [];
    for (const [label, value] of pairs.slice(index, index + 2)) row.push({ text: label, bold: true }, value);
    while (row.length < 4) row.push('');
    rows.push(row);
  }
  return { table: { widths: ['auto', '*', 'auto', '*'], body: rows }, layout: 'noBorders' };
}

function procedureRow(procedure: PatientProcedureDto, today: string, baseDate: string): TableCell[] {
  const name = procedure.procedureType.isRequired
    ? procedure.procedureType.name
    : `${procedure.procedureType.name} ${m.optional}`;
  const status = procedureDisplayStatus(procedure, today);
  return [
    name,
    { text: PROCEDURE_STATUS_LABELS[status], color: status === 'overdue' ? '#ac2f33' : undefined },
    // The same expected date as the patient page shows (the current plan).
    paperDate(expectedDate(procedure, baseDate)),
    paperDate(procedure.completedDate),
    procedure.location ?? '-',
    procedure.professionalName ?? '-',
    procedure.notes ?? '-',
  ];
}

function procedureSections(
  procedures: readonly PatientProcedureDto[],
  today: string,
  baseDate: string,
): Content[] {
  if (procedures.length === 0) return [{ text: m.noProcedures, italics: true }];
  const sections: Content[] = [];
  for (const phase of PHASES) {
    const categories = PROCEDURE_CATEGORIES.filter((category) => phaseOfCategory(category) === phase);
    const tables: Content[] = [];
    for (const category of categories) {
      const rows = procedures.filter((procedure) => procedure.procedureType.category === category);
      if (rows.length === 0) continue;
      tables.push(
        { text: CATEGORY_LABELS[category], bold: true, margin: [0, 6, 0, 2] },
        {
          table: {
            headerRows: 1,
            // Rows may break across pages: pdfmake drops, silently, an unbreakable row taller
            // than a page, and notes of up to 2,000 characters make one.
            dontBreakRows: false,
            widths: ['*', 'auto', 'auto', 'auto', 60, 60, 70],
            body: [
              m.columns.map((label) => ({ text: label, style: 'tableHeader' })),
              ...rows.map((procedure) => procedureRow(procedure, today, baseDate)),
            ],
          },
          layout: 'lightHorizontalLines',
          fontSize: 8,
        },
      );
    }
    if (tables.length > 0) sections.push({ text: PHASE_SECTION_TITLES[phase], style: 'section' }, ...tables);
  }
  return sections;
}

/** The individual report (issue 9): identification, progress, procedures by phase and category. */
export function individualReport(
  patient: PatientDetailDto,
  range: ReportDateRange,
  today: string,
  heading: Omit<ReportHeading, 'title' | 'documentTitle' | 'filters'>,
): TDocumentDefinitions {
  const procedures = patient.procedures.filter((procedure) => procedureInRange(procedure, range));
  return reportDocument(
    {
      ...heading,
      title: m.title,
      documentTitle: m.documentTitle(patient.name),
      filters: [`${m.name}: ${patient.name}`, periodLine(range)],
    },
    [
      { text: m.identification, style: 'section' },
      identification(patient),
      { text: m.progress, style: 'section' },
      m.progressLine(patient.progress, patient.completedProcedures, patient.totalProcedures),
      { text: m.procedures, style: 'section' },
      ...(range.startDate || range.endDate ? [{ text: m.rangeNote, style: 'note' } as Content] : []),
      ...procedureSections(procedures, today, scheduleBaseDate(patient)),
    ],
  );
}
