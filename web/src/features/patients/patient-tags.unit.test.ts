import { describe, expect, it } from 'vitest';
import { patientChangedTags, tagsAfterPatientWrite } from './patient-tags.ts';

const refusal = (status: number, code?: string) => ({
  status,
  message: `${status}: {...}`,
  data: { code, message: 'x' },
  ...(code ? { code } : {}),
});

describe('tagsAfterPatientWrite', () => {
  const id = '00000000-0000-4000-8000-000000000001';

  it('given a write that succeeded, then the patient, the list and the statistics are read again', () => {
    expect(tagsAfterPatientWrite(undefined, id)).toEqual(patientChangedTags(id));
  });

  it('given a refusal because the patient changed meanwhile or is gone, then they are read again too', () => {
    for (const error of [
      refusal(409, 'STALE_PROCEDURE'),
      refusal(409, 'PROCEDURE_ALREADY_COMPLETED'),
      refusal(404, 'PATIENT_DELETED'),
      // What the procedure routes answer once the patient is deleted.
      refusal(404, 'PATIENT_NOT_FOUND'),
      refusal(404, 'PROCEDURE_NOT_FOUND'),
    ]) {
      expect(tagsAfterPatientWrite(error, id)).toEqual(patientChangedTags(id));
    }
  });

  it('given any other failure, then nothing is read again', () => {
    for (const error of [refusal(400, 'VALIDATION'), refusal(500), { status: 'FETCH_ERROR', message: 'x' }]) {
      expect(tagsAfterPatientWrite(error, id)).toEqual([]);
    }
  });
});
