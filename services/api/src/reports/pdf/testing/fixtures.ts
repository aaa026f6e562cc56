import { PDFParse } from 'pdf-parse';
import { PROTOCOL_CATALOGUE, type PatientDetailDto, type ProcedureType } from '@bari/contracts';
import { PATIENT_ID, patientDetails, procedureId } from '@bari/contracts/testing';

/*
 * Fixtures of the report PDFs' tests (tests only): a patient followed through the whole
 * protocol, whose individual report spans several pages, and a PDF's text page by page.
 */

/** A real person's CPF as stored (digits), formatted '529.982.247-25'. */
export const FOLLOWED_CPF = '52998224725';

/**
 * A patient with one pending procedure of each of `types` (by default every type of the
 * protocol: 127 procedures, four pages), notes as `notes` gives them.
 */
export function followedPatient(
  options: {
    readonly types?: readonly ProcedureType[];
    readonly notes?: (type: ProcedureType, index: number) => string | null;
    /** Other values of each procedure (place, professional…). */
    readonly procedure?: (
      type: ProcedureType,
      index: number,
    ) => Partial<PatientDetailDto['procedures'][number]>;
    readonly details?: Parameters<typeof patientDetails>[0];
  } = {},
): PatientDetailDto {
  const types = options.types ?? PROTOCOL_CATALOGUE;
  return {
    ...patientDetails({
      name: 'Maria Aparecida dos Santos Oliveira',
      cpf: FOLLOWED_CPF,
      ...options.details,
    }),
    id: PATIENT_ID,
    version: 1,
    registeredAt: '2025-01-08T12:00:00.000Z',
    status: 'pre_op',
    progress: 0,
    completedProcedures: 0,
    totalProcedures: types.length,
    procedures: types.map((type, index) => ({
      id: procedureId(index + 1),
      patientId: PATIENT_ID,
      procedureTypeId: type.id,
      procedureType: type,
      status: 'pending',
      scheduledDate: null,
      completedDate: null,
      location: null,
      professionalName: null,
      notes: options.notes?.(type, index) ?? null,
      overdue: false,
      ...options.procedure?.(type, index),
    })),
  };
}

/** The text of each page, as a reader's extractor sees it: its lines, trimmed, none empty. */
export async function pdfPages(bytes: Buffer): Promise<string[][]> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const { pages } = await parser.getText();
    return pages.map((page) =>
      page.text
        .split('\n')
        .map((line) => line.replace(/\s+/g, ' ').trim())
        .filter(Boolean),
    );
  } finally {
    await parser.destroy();
  }
}
