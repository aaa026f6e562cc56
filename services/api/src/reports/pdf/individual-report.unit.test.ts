import { describe, expect, it } from 'vitest';
import {
  CATEGORY_LABELS,
  PHASE_SECTION_TITLES,
  PROCEDURE_STATUS_LABELS,
  PROTOCOL_CATALOGUE,
  isPostOpCategory,
  type PatientDetailDto,
} from '@bari/contracts';
import { TODAY } from '@bari/contracts/testing';
import { testReportHeading as heading } from '../../../test/support/pdf.ts';
import { individualReport } from './individual-report.ts';
import { renderPdf } from './pdf-engine.ts';
import { followedPatient, pdfPages } from './testing/fixtures.ts';

const NAME = 'Maria Aparecida dos Santos Oliveira';
const CPF = '529.982.247-25';
const GROUP_HEADINGS = new Set(Object.values(CATEGORY_LABELS));
const HEADINGS = new Set([...GROUP_HEADINGS, ...Object.values(PHASE_SECTION_TITLES), 'Procedimentos']);
const STATUS = new RegExp(`(^| )(${Object.values(PROCEDURE_STATUS_LABELS).join('|')})( |$)`);

/** The report as the rendering thread lays it out. */
const render = (patient: PatientDetailDto) => renderPdf(individualReport(patient, {}, TODAY, heading));

/** How many rows each group heading heads in the patient's report. */
function groupSizes(patient: PatientDetailDto): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const { procedureType } of patient.procedures) {
    const label = CATEGORY_LABELS[procedureType.category];
    sizes.set(label, (sizes.get(label) ?? 0) + 1);
  }
  return sizes;
}

/**
 * Everything the pagination promises, page by page: the patient named on every page after the
 * first; no page ending with a heading; each group heading with its first two rows (or all of
 * them, fewer), and again with the next two atop a page its rows go on to; every row printed
 * once. Returns how many pages a group's rows went on to.
 */
function expectPaginated(pages: readonly (readonly string[])[], patient: PatientDetailDto): number {
  const sizes = groupSizes(patient);
  const printed = new Map<string, number>();
  let group: string | undefined;
  let continuedPages = 0;
  pages.forEach((lines, index) => {
    const page = index + 1;
    const content = lines.slice(0, -1);
    expect(lines.at(-1), `page ${page}`).toBe(
      page === 1 ? `Página 1 de ${pages.length}` : `${NAME} · CPF ${CPF} · Página ${page} de ${pages.length}`,
    );
    // The rows of the group before go on here: its heading, repeated, opens the page.
    if (group !== undefined && printed.get(group)! < sizes.get(group)!) {
      expect(content[0], `page ${page}`).toBe(group);
      continuedPages += 1;
    }
    expect(HEADINGS.has(content.at(-1)!), `page ${page} ends with "${content.at(-1)}"`).toBe(false);
    content.forEach((line, at) => {
      if (!GROUP_HEADINGS.has(line)) return;
      group = line;
      const next = content.slice(at + 1).findIndex((other) => HEADINGS.has(other));
      const rows = content
        .slice(at + 1, next < 0 ? undefined : at + 1 + next)
        .filter((row) => STATUS.test(row)).length;
      const left = sizes.get(line)! - (printed.get(line) ?? 0);
      expect(rows, `rows under "${line}" on page ${page}`).toBeGreaterThanOrEqual(Math.min(2, left));
      printed.set(line, (printed.get(line) ?? 0) + rows);
    });
  });
  expect(printed).toEqual(sizes);
  return continuedPages;
}

describe('the individual report, printed on several pages', () => {
  it('names the patient on every page after the first, never ends a page with a heading, and heads a table again where it goes on', async () => {
    // The whole protocol: four pages, the '3º mês' heading once left at a page's foot with one row.
    const patient = followedPatient();
    const pages = await pdfPages(await render(patient));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(expectPaginated(pages, patient)).toBeGreaterThan(0);
  });

  it('keeps the same promises wherever the pages break (fewer procedures, notes over several lines)', async () => {
    const patients = [
      followedPatient({ types: PROTOCOL_CATALOGUE.slice(9) }),
      followedPatient({ types: PROTOCOL_CATALOGUE.slice(31) }),
      // 'Procedimentos Pós-Operatórios' laid out at a page's foot, then moved on with '1º mês'.
      followedPatient({
        types: [
          ...PROTOCOL_CATALOGUE.slice(0, 25),
          ...PROTOCOL_CATALOGUE.filter(({ category }) => isPostOpCategory(category)),
        ],
      }),
      followedPatient({
        notes: (_, index) =>
          index % 5 === 0 ? 'Retorno com exames; orientada sobre dieta. '.repeat(3) : null,
      }),
      // Every procedure with a nurse's note of about 280 characters (a heading ended a page alone
      // when its first row's note passed 150).
      followedPatient({
        notes: (_, index) =>
          `Paciente compareceu em jejum, exames entregues (${index}); orientada sobre dieta líquida, hidratação e retorno em 30 dias. Sem queixas, sinais vitais estáveis, peso anotado na ficha. Encaminhada à nutrição e à psicologia conforme o protocolo do serviço.`,
      }),
    ];
    for (const patient of patients) {
      const pages = await pdfPages(await render(patient));
      expect(pages.length).toBeGreaterThanOrEqual(3);
      expectPaginated(pages, patient);
    }
  });

  it('prints the longest notes in full, in the rows kept with a heading too', async () => {
    // Each taller than a page in the notes' column: pdfmake drops, silently, what of the rows it
    // keeps with a heading does not fit on one page.
    const words = Array.from({ length: 250 }, (_, index) => `nota${index}`).join(' ');
    const lines = Array.from({ length: 150 }, (_, index) => `linha${index}`).join('\n');
    const patient = followedPatient({
      types: PROTOCOL_CATALOGUE.slice(0, 12),
      notes: (_, index) => [words, lines][index] ?? null,
    });
    const printed = new Set((await pdfPages(await render(patient))).flat().join(' ').split(' '));
    const missing = [...words.split(' '), ...lines.split('\n')].filter((word) => !printed.has(word));
    expect(missing).toEqual([]);
  });

  it('prints in full notes whose lines break at a bare carriage return (sent through the API)', async () => {
    // pdfmake breaks at '\r' as at '\n': 140 of them made a note taller than the page, counted
    // as one line, and the two rows kept with the first heading were dropped whole.
    const patient = followedPatient({
      types: PROTOCOL_CATALOGUE.slice(0, 12),
      notes: (_, index) => (index < 2 ? `A${'\r'.repeat(140)}FIMLINHA${index + 1}` : null),
    });
    const text = (await pdfPages(await render(patient))).flat().join(' ');
    expect(text).toContain('FIMLINHA1');
    expect(text).toContain('FIMLINHA2');
  });

  it("prints a procedure's notes beneath its row, across the table, naming the procedure", async () => {
    // In a column of their own (70 pt) these 280 characters took about 20 lines, and a page
    // breaking through them left their end under no procedure's name.
    const note =
      'Paciente compareceu em jejum, exames entregues; orientada sobre dieta líquida, hidratação e retorno em 30 dias. Sem queixas, sinais vitais estáveis, peso anotado na ficha. Encaminhada à nutrição e à psicologia conforme o protocolo do serviço.';
    const types = PROTOCOL_CATALOGUE.slice(0, 6);
    const patient = followedPatient({ types, notes: (_, index) => (index === 1 ? note : null) });
    const lines = (await pdfPages(await render(patient))).flat();
    const name = types[1]!.isRequired ? types[1]!.name : `${types[1]!.name} (Opcional)`;
    const start = lines.findIndex((line) =>
      line.startsWith(`Observações (${types[1]!.name}): Paciente compareceu`),
    );
    expect(start, lines.join('\n')).toBeGreaterThan(0);
    // Right under the procedure's own row, and over four lines at most.
    expect(lines[start - 1]).toMatch(new RegExp(`^${name.replace(/[()]/g, '\\$&')} Pendente`));
    const end = lines.findIndex((line) => line.endsWith('protocolo do serviço.'));
    expect(end - start).toBeLessThan(4);
    // No notes' line for the procedures without any, no 'Observações' column.
    expect(lines.filter((line) => line.startsWith('Observações ('))).toHaveLength(1);
    expect(lines.find((line) => line.startsWith('Procedimento Status'))).toBe(
      'Procedimento Status Previsto Realizado Local Profissional',
    );
  });

  it("prints the patient's own notes with the identification", async () => {
    const types = PROTOCOL_CATALOGUE.slice(0, 3);
    const noted = followedPatient({ types, details: { notes: 'Alérgica a dipirona.' } });
    const [first] = await pdfPages(await render(noted));
    expect(first).toContain('Observações Alérgica a dipirona.');
    const [none] = await pdfPages(await render(followedPatient({ types, details: { notes: null } })));
    expect(none).toContain('Observações Não informado');
  });

  it('cuts a name too long for the foot, keeping its CPF and the page number', async () => {
    const name = `Maria ${'W'.repeat(190)}`;
    const patient = followedPatient({ details: { name } });
    const pages = await pdfPages(await render(patient));
    // The foot's two lines (the cut name wraps once), then nothing after the page number.
    const foot = pages[1]!.slice(-2).join('');
    expect(foot).toMatch(/W… · CPF 529\.982\.247-25 · Página 2 de \d+$/);
  });

  it("says a missing identification field one way: 'Não informado'", async () => {
    const patient = followedPatient({
      types: PROTOCOL_CATALOGUE.slice(0, 3),
      details: { cns: null, surgeryDate: null, dischargeDate: null, aihNumber: null, sisregCode: ' ' },
    });
    const [first] = await pdfPages(await render(patient));
    const text = first!.join('\n');
    for (const label of ['CNS', 'Data da Cirurgia', 'Data da Alta', 'Número AIH', 'Código SISREG'])
      expect(text).toMatch(new RegExp(`${label} Não informado`));
    // The identification block (up to 'Progresso Geral') has no '-' for a missing value.
    expect(text.slice(0, text.indexOf('Progresso Geral'))).not.toMatch(/ -( |\n)/);
  });
});
