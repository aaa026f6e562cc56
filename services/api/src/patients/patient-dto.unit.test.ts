import { PatientDetailDtoSchema, type PatientEvent } from '@bari/contracts';
import { describe, expect, it } from 'vitest';
import { evolvePatient, initialPatientState, requireRegistered } from './patient.ts';
import { toPatientDto } from './patient-dto.ts';
import {
  NOW,
  PATIENT_ID,
  TODAY,
  assigned,
  completed,
  maria,
  mariaRegistered,
  procedureId,
  registered,
  types,
} from '@bari/contracts/testing';

const stateOf = (events: readonly PatientEvent[]) =>
  requireRegistered(events.reduce(evolvePatient, initialPatientState()), PATIENT_ID);

describe('toPatientDto (the answer of a write, from the decider state)', () => {
  it('given a registered patient, then it shows the patient, its version and its procedures in order', () => {
    const dto = toPatientDto(stateOf(mariaRegistered()), NOW, TODAY);

    expect(PatientDetailDtoSchema.parse(dto)).toEqual(dto);
    expect(dto).toMatchObject({
      ...maria,
      id: PATIENT_ID,
      version: 5,
      registeredAt: NOW,
      status: 'post_op',
      progress: 0,
      completedProcedures: 0,
      totalProcedures: 5,
    });
    expect(dto.procedures.map((procedure) => procedure.id)).toEqual([1, 2, 3, 4, 5].map(procedureId));
    expect(dto.procedures[3]).toEqual({
      id: procedureId(4),
      patientId: PATIENT_ID,
      procedureTypeId: types.surgeon1.id,
      procedureType: types.surgeon1,
      status: 'pending',
      scheduledDate: '2025-02-09',
      completedDate: null,
      location: null,
      professionalName: null,
      notes: null,
      overdue: true, // 2025-02-09 is before TODAY (2025-06-01)
    });
    expect(dto.procedures[4]?.overdue).toBe(false);
  });

  it('counts progress over every procedure and the status over the required ones', () => {
    const events = [
      ...mariaRegistered(),
      assigned(6, types.zinc, null, 'added'),
      ...[1, 2, 3, 4, 5].map((n) => completed(n, '2025-05-01', { location: 'HG' })),
    ];
    const dto = toPatientDto(stateOf(events), NOW, TODAY);
    expect(dto).toMatchObject({
      version: 11,
      status: 'completed',
      progress: 83, // 5 of 6
      completedProcedures: 5,
      totalProcedures: 6,
    });
    expect(dto.procedures[0]).toMatchObject({
      status: 'completed',
      completedDate: '2025-05-01',
      location: 'HG',
    });
  });

  it('given no surgery date, then the patient is pre-operative', () => {
    const dto = toPatientDto(stateOf([registered({ ...maria, surgeryDate: null })]), NOW, TODAY);
    expect(dto).toMatchObject({ status: 'pre_op', version: 0, totalProcedures: 0, procedures: [] });
  });
});
