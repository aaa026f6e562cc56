import type { Content, TDocumentDefinitions } from './pdf-types.ts';
import { formatClinicDateTime, formatClinicalDate, reportAuthor, type CurrentUser } from '@bari/contracts';
import { pdfMessages as m } from '../messages.ts';
import { keepHeadingsWithTables } from './pagination.ts';

/** What every report prints above its body: when, by whom, with which filters. */
export interface ReportHeading {
  readonly title: string;
  readonly documentTitle: string;
  readonly generatedAt: Date;
  readonly generatedBy: CurrentUser;
  /** One line per filter applied ('Período: …', 'Município: …'). */
  readonly filters: readonly string[];
  /**
   * Whom the report is about ('Maria da Silva · CPF 390.533.447-05'), at the foot of every page
   * after the first, beside its number: a page printed and read alone still names its patient.
   */
  readonly subject?: string;
}

/** A clinical date for paper ('-' when absent). */
export const paperDate = (date: string | null | undefined): string => (date ? formatClinicalDate(date) : '-');

/** The filter line of a date range, dates as dd/MM/yyyy. */
export function periodLine(range: { startDate?: string | undefined; endDate?: string | undefined }): string {
  return m.period(
    range.startDate ? formatClinicalDate(range.startDate) : undefined,
    range.endDate ? formatClinicalDate(range.endDate) : undefined,
  );
}

/** The longest subject a page's foot shows whole: two lines, with the CPF and the page number. */
const FOOTER_SUBJECT_LENGTH = 120;

/**
 * The foot of a page: its number, after the report's subject from the second page on. A subject
 * longer than two lines is cut at a word ('…'): the CPF and the page number, after it, fell off
 * the page under a name of 190 letters.
 */
export function footerLine(subject: string | undefined, page: number, pages: number): string {
  if (page === 1 || !subject) return m.page(page, pages);
  return `${shortened(subject)} · ${m.page(page, pages)}`;
}

/** `subject` whole when it fits the foot; else its name cut, its ' · CPF …' kept. */
function shortened(subject: string): string {
  if (subject.length <= FOOTER_SUBJECT_LENGTH) return subject;
  const split = subject.lastIndexOf(' · ');
  const [name, rest] = split < 0 ? [subject, ''] : [subject.slice(0, split), subject.slice(split)];
  return `${name.slice(0, Math.max(1, FOOTER_SUBJECT_LENGTH - rest.length - 1)).trimEnd()}…${rest}`;
}

/**
 * An A4 document in Portuguese: the service's name and the title on top, when and by whom it
 * was generated and its filters, then `body`; "Página X de Y" at the foot of every page. Its
 * headings stay with the rows they head (`pagination.ts`).
 */
export function reportDocument(heading: ReportHeading, body: Content[]): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageMargins: [36, 40, 36, 48],
    language: 'pt-BR',
    info: { title: heading.documentTitle, author: m.serviceName, creator: m.serviceName },
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: {
      service: { fontSize: 9, color: '#5f6b7c' },
      title: { fontSize: 16, bold: true, margin: [0, 2, 0, 6] },
      meta: { fontSize: 8.5, color: '#383e47' },
      section: { fontSize: 12, bold: true, margin: [0, 12, 0, 4] },
      tableHeader: { bold: true, fillColor: '#edeff2' },
      note: { fontSize: 8, italics: true, color: '#5f6b7c', margin: [0, 4, 0, 0] },
      // Beneath its procedure's row, across the table (`individual-report.ts`).
      procedureNotes: { color: '#383e47', margin: [12, 0, 0, 2] },
      // A table's heading, in its first row (`headedTable`): in the text's size, not the table's.
      tableHeading: { fontSize: 9, bold: true, margin: [0, 4, 0, 0] },
    },
    footer: (page: number, pages: number) => ({
      text: footerLine(heading.subject, page, pages),
      alignment: 'center',
      fontSize: 8,
      // Within the page's side margins: a long name wraps there, not at the paper's edge.
      margin: [36, 16, 36, 0],
    }),
    pageBreakBefore: keepHeadingsWithTables,
    content: [
      { text: m.serviceName, style: 'service' },
      { text: heading.title, style: 'title' },
      {
        style: 'meta',
        stack: [
          `${m.generatedAt}: ${formatClinicDateTime(heading.generatedAt)}`,
          `${m.generatedBy}: ${reportAuthor(heading.generatedBy)}`,
          `${m.filters}: ${heading.filters.join(' · ')}`,
        ],
      },
      { canvas: [{ type: 'line', x1: 0, y1: 6, x2: 523, y2: 6, lineWidth: 0.5, lineColor: '#c5cbd3' }] },
      ...body,
    ],
  };
}
