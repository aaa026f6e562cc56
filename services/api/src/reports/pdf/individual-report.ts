import type { Content, TableCell, TDocumentDefinitions } from './pdf-types.ts';
import {
  CATEGORY_LABELS,
  PHASES,
  PHASE_SECTION_TITLES,
  PROCEDURE_CATEGORIES,
  PROCEDURE_STATUS_LABELS,
  expectedDate,
  formatClinicalDate,
  formatCpf,
  municipalityWithState,
  phaseOfCategory,
  scheduleBaseDate,
  procedureDisplayStatus,
  type PatientDetailDto,
  type PatientProcedureDto,
  type ProcedureCategory,
  type ReportDateRange,
} from '@bari/contracts';
import { pdfMessages } from '../messages.ts';
import { paperDate, periodLine, reportDocument, type ReportHeading } from './frame.ts';
import { headedTable, keptHeading, type TableEntry } from './pagination.ts';

const m = pdfMessages.individual;

/** A procedure is in the range by its completed date, or its scheduled date when not completed. */
export function procedureInRange(procedure: PatientProcedureDto, range: ReportDateRange): boolean {
  if (!range.startDate && !range.endDate) return true;
  const day = procedure.status === 'completed' ? procedure.completedDate : procedure.scheduledDate;
  if (!day) return false;
  return (!range.startDate || day >= range.startDate) && (!range.endDate || day <= range.endDate);
}

/** A field of the identification: missing (or blank) said one way only, 'Não informado'. */
const informed = (value: string | null): string => (value?.trim() ? value : pdfMessages.notInformed);
const informedDate = (date: string | null): string =>
  date ? formatClinicalDate(date) : pdfMessages.notInformed;

function identification(patient: PatientDetailDto): Content {
  const pairs: [string, string][] = [
    [m.name, patient.name],
    [m.cpf, formatCpf(patient.cpf)],
    [m.cns, informed(patient.cns)],
    [m.municipality, municipalityWithState(patient.municipality)],
    [m.admissionDate, informedDate(patient.admissionDate)],
    [m.surgeryDate, informedDate(patient.surgeryDate)],
    [m.dischargeDate, informedDate(patient.dischargeDate)],
    [m.surgeon, informed(patient.surgeonName)],
    [m.location, informed(patient.surgeryLocation)],
    [m.aih, informed(patient.aihNumber)],
    [m.sisreg, informed(patient.sisregCode)],
  ];
  const rows: TableCell[][] = [];
  for (let index = 0; index < pairs.length; index += 2) {
    const row: TableCell[] = [];
    for (const [label, value] of pairs.slice(index, index + 2)) row.push({ text: label, bold: true }, value);
    while (row.length < 4) row.push('');
    rows.push(row);
  }
  // The patient's own notes (an allergy, say) across the block: they may be long.
  rows.push([{ text: m.patientNotes, bold: true }, { text: informed(patient.notes), colSpan: 3 }, '', '']);
  return { table: { widths: ['auto', '*', 'auto', '*'], body: rows }, layout: 'noBorders' };
}

/**
 * A procedure's row and, beneath it and across the table, its notes (up to 2,000 characters:
 * in a column of their own they ran down a page in a narrow ribbon). The notes name their
 * procedure: a page may break between the two rows.
 */
function procedureEntry(procedure: PatientProcedureDto, today: string, baseDate: string): TableEntry {
  const name = procedure.procedureType.isRequired
    ? procedure.procedureType.name
    : `${procedure.procedureType.name} ${m.optional}`;
  const status = procedureDisplayStatus(procedure, today);
  const row: TableCell[] = [
    name,
    { text: PROCEDURE_STATUS_LABELS[status], color: status === 'overdue' ? '#ac2f33' : undefined },
    // The same expected date as the patient page shows (the current plan).
    paperDate(expectedDate(procedure, baseDate)),
    paperDate(procedure.completedDate),
    procedure.location ?? '-',
    procedure.professionalName ?? '-',
  ];
  if (!procedure.notes?.trim()) return [row];
  const notes = {
    // By its type's name alone: 'Observações (Polissonografia (Opcional))' doubled the brackets.
    text: [{ text: `${m.notesOf(procedure.procedureType.name)} `, bold: true }, procedure.notes],
    colSpan: row.length,
    style: 'procedureNotes',
  };
  return [row, [notes, ...row.slice(1).map(() => '')]];
}

/** The procedures by category, in timeline order; a category without any is left out. */
function byCategory(
  procedures: readonly PatientProcedureDto[],
): [ProcedureCategory, PatientProcedureDto[]][] {
  return PROCEDURE_CATEGORIES.map((category): [ProcedureCategory, PatientProcedureDto[]] => [
    category,
    procedures.filter((procedure) => procedure.procedureType.category === category),
  ]).filter(([, rows]) => rows.length > 0);
}

/** A category's table, headed by its label on each page its rows fall on. */
function procedureGroup(
  category: ProcedureCategory,
  procedures: readonly PatientProcedureDto[],
  today: string,
  baseDate: string,
): Content {
  return headedTable(category, {
    heading: { text: CATEGORY_LABELS[category], style: 'tableHeading' },
    columns: m.columns.map((label) => ({ text: label, style: 'tableHeader' })),
    entries: procedures.map((procedure) => procedureEntry(procedure, today, baseDate)),
    // Fixed but for the name's: pdfmake spreads a cell across columns (the notes) over the
    // 'auto' ones, and the dates' columns grew as wide as the place's.
    widths: ['*', 48, 46, 46, 80, 80],
    fontSize: 8,
  });
}

/**
 * 'Procedimentos', then the procedures by phase and category; each heading stays on its page
 * with the first rows of the first table after it.
 */
function procedureSections(
  procedures: readonly PatientProcedureDto[],
  range: ReportDateRange,
  today: string,
  baseDate: string,
): Content[] {
  const groups = byCategory(procedures);
  const title = { text: m.procedures, style: 'section' };
  const first = groups[0]?.[0];
  const sections: Content[] = [first ? keptHeading(title, first) : title];
  if (range.startDate || range.endDate) sections.push({ text: m.rangeNote, style: 'note' });
  if (groups.length === 0) return [...sections, { text: m.noProcedures, italics: true }];
  for (const phase of PHASES) {
    const inPhase = groups.filter(([category]) => phaseOfCategory(category) === phase);
    if (inPhase.length === 0) continue;
    sections.push(keptHeading({ text: PHASE_SECTION_TITLES[phase], style: 'section' }, inPhase[0]![0]));
    for (const [category, rows] of inPhase) sections.push(procedureGroup(category, rows, today, baseDate));
  }
  return sections;
}

/** The individual report (issue 9): identification, progress, procedures by phase and category. */
export function individualReport(
  patient: PatientDetailDto,
  range: ReportDateRange,
  today: string,
  heading: Omit<ReportHeading, 'title' | 'documentTitle' | 'filters' | 'subject'>,
): TDocumentDefinitions {
  const procedures = patient.procedures.filter((procedure) => procedureInRange(procedure, range));
  return reportDocument(
    {
      ...heading,
      title: m.title,
      documentTitle: m.documentTitle(patient.name),
      filters: [`${m.name}: ${patient.name}`, periodLine(range)],
      subject: m.subject(patient.name, formatCpf(patient.cpf)),
    },
    [
      { text: m.identification, style: 'section' },
      identification(patient),
      { text: m.progress, style: 'section' },
      m.progressLine(patient.progress, patient.completedProcedures, patient.totalProcedures),
      ...procedureSections(procedures, range, today, scheduleBaseDate(patient)),
    ],
  );
}
