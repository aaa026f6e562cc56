import { describe, expect, it } from 'vitest';
import { types } from '@bari/contracts/testing';
import type { MunicipalReportPatient } from '@bari/projections';
import { pdfText, testReportHeading } from '../../../test/support/pdf.ts';
import { individualReport } from './individual-report.ts';
import { municipalReport } from './municipal-report.ts';
import { renderPdf } from './pdf-engine.ts';
import { followedPatient } from './testing/fixtures.ts';

const MARK = '\uFFFD';
const heading = testReportHeading;

/** The extracted text, its lines' breaks and runs of spaces as one space. */
const textOf = async (pdf: Buffer) => (await pdfText(pdf)).text.replace(/\s+/g, ' ');

describe('a PDF whose texts hold characters the font lacks', () => {
  it('prints a mark for each, and the Portuguese around them as it is (individual report)', async () => {
    const patient = followedPatient({
      types: [types.endoscopy],
      details: { name: 'Maria 😀 da Conceição', surgeryLocation: 'Clínica 東京' },
      procedure: () => ({
        location: 'Hospital 李',
        professionalName: 'Dra. Lima',
        notes: 'Família 👨‍👩‍👧 presente\u0001; 3ª sessão, “ótima” evolução — sem queixas.',
      }),
    });
    const text = await textOf(await renderPdf(individualReport(patient, {}, '2025-06-01', heading)));
    expect(text).toContain(`Maria ${MARK} da Conceição`);
    expect(text).toContain(`Clínica ${MARK}${MARK}`);
    expect(text).toContain(`Hospital ${MARK}`);
    expect(text).toContain(`Família ${MARK} presente${MARK}; 3ª sessão, “ótima” evolução — sem queixas.`);
  });

  it('prints a mark for each in the municipal report too', async () => {
    const patient: MunicipalReportPatient = {
      id: 'p1',
      name: 'João 🙂 Gonçalves',
      cpf: '39053344705',
      ibgeCode: '2927408',
      municipalityName: 'Salvador',
      uf: 'BA',
      totalProcedures: 10,
      allCompletedProcedures: 2,
      completed: 1,
      pending: 1,
      overdue: 0,
    };
    const text = await textOf(await renderPdf(municipalReport([patient], undefined, {}, heading)));
    expect(text).toContain(`João ${MARK} Gonçalves`);
    expect(text).toContain('Salvador — BA');
  });
});
