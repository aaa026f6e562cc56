import { describe, expect, it } from 'vitest';
import { PROTOCOL_CATALOGUE } from '../protocol/catalogue.ts';
import { PatientEventSchema, PatientRegistered, ProcedureAssigned, patientEvents } from './events.ts';

const patientId = '0b7c4a52-3f43-4d4e-9d3b-6f1f2a6c1e01';

describe('patient events', () => {
  it('have unique past-tense type names', () => {
    const types = patientEvents.map((event) => event.type);
    expect(new Set(types).size).toBe(types.length);
    for (const type of types) expect(type).toMatch(/(ed|Imported)$/);
  });

  it('parse back what they create (the store keeps JSON)', () => {
    const registered = PatientRegistered.create({
      patientId,
      name: 'Maria',
      cpf: '390.533.447-05',
      cns: null,
      municipality: { ibgeCode: '2927408', name: 'Salvador', uf: 'BA' },
      admissionDate: '2025-01-10',
      dischargeDate: null,
      surgeryDate: null,
      surgeryLocation: 'HG',
      surgeonName: 'Dr. J',
      aihNumber: null,
      sisregCode: null,
      notes: null,
    });
    expect(registered.data.cpf).toBe('39053344705');
    const assigned = ProcedureAssigned.create({
      patientId,
      procedureId: '5d8e8d8e-1111-4222-8333-444455556666',
      procedureType: PROTOCOL_CATALOGUE[0]!,
      status: 'pending',
      scheduledDate: null,
      reason: 'registration',
    });
    for (const event of [registered, assigned]) {
      expect(PatientEventSchema.parse(JSON.parse(JSON.stringify(event)))).toEqual(event);
    }
  });
});
