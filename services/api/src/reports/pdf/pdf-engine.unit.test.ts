import { describe, expect, it } from 'vitest';
import type { PatientDetailDto } from '@bari/contracts';
import { PATIENT_ID, patientDetails, procedureId, types } from '@bari/contracts/testing';
import type { MunicipalReportPatient } from '@bari/projections';
import { pdfText, testReportHeading } from '../../../test/support/pdf.ts';
import { individualReport } from './individual-report.ts';
import { municipalReport } from './municipal-report.ts';
import { renderPdf } from './pdf-engine.ts';

const MARK = '\uFFFD';
const heading = testReportHeading;

/** The extracted text, its lines' breaks and runs of spaces as one space. */
const textOf = async (pdf: Buffer) => (await pdfText(pdf)).text.replace(/\s+/g, ' ');

describe('a PDF whose texts hold characters the font lacks', () => {
  it('prints a mark for each, and the Portuguese around them as it is (individual report)', async () => {
    const patient: PatientDetailDto = {
      ...patientDetails({ name: 'Maria 😀 da Conceição', surgeryLocation: 'Clínica 東京' }),
      id: PATIENT_ID,
      version: 1,
      registeredAt: '2025-01-08T12:00:00.000Z',
      status: 'pre_op',
      progress: 0,
      completedProcedures: 0,
      totalProcedures: 1,
      procedures: [
        {
          id: procedureId(1),
          patientId: PATIENT_ID,
          procedureTypeId: types.endoscopy.id,
          procedureType: types.endoscopy,
          status: 'pending',
          scheduledDate: null,
          completedDate: null,
          location: 'Hospital 李',
          professionalName: 'Dra. Lima',
          notes: 'Família 👨‍👩‍👧 presente\u0001; 3ª sessão, “ótima” evolução — sem queixas.',
          overdue: false,
        },
      ],
    };
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
