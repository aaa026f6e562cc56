import { describe, expect, it } from 'vitest';
import { PROTOCOL_CATALOGUE } from '../protocol/catalogue.ts';
import { isValidCns } from '../identifiers/cns.ts';
import { PatientFormSchema } from './patient-form.ts';
import {
  PatientDeleted,
  PatientEventSchema,
  PatientRegistered,
  PatientUpdated,
  ProcedureAssigned,
  ProcedureCompleted,
  patientEvents,
} from './events.ts';

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
      cpf: '39053344705',
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

  it('stay readable when a form rule is tightened: the data is checked for shape only', () => {
    // A CNS that today's check digits refuse, an AIH and a SISREG code of another format,
    // dates out of order: all as a past release may have stored them.
    const stored = {
      type: 'PatientRegistered',
      data: {
        patientId,
        name: 'Maria',
        cpf: '39053344705',
        cns: '162709345180002',
        municipality: { ibgeCode: '2927408', name: 'Salvador', uf: 'BA' },
        admissionDate: '2025-01-10',
        dischargeDate: '2025-01-01',
        surgeryDate: '2025-01-05',
        surgeryLocation: 'HG',
        surgeonName: 'Dr. J',
        aihNumber: '12345',
        sisregCode: 'ABC-1',
        notes: null,
      },
    };
    expect(isValidCns(stored.data.cns)).toBe(false);
    expect(PatientFormSchema.safeParse(stored.data).success).toBe(false);
    expect(PatientEventSchema.parse(stored)).toEqual(stored);

    const updated = { type: 'PatientUpdated', data: { patientId, changes: { cns: '162709345180002' } } };
    expect(PatientEventSchema.parse(updated)).toEqual(PatientUpdated.create(updated.data));
    const completed = {
      type: 'ProcedureCompleted',
      data: {
        patientId,
        procedureId: '5d8e8d8e-1111-4222-8333-444455556666',
        completedDate: '2999-12-31',
        location: null,
        professionalName: null,
        notes: null,
      },
    };
    expect(PatientEventSchema.parse(completed)).toEqual(ProcedureCompleted.create(completed.data));
  });

  it('still refuse what is not the shape of the data', () => {
    const registered = PatientRegistered.create({
      patientId,
      name: 'Maria',
      cpf: '39053344705',
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
    const broken = (data: Record<string, unknown>) => ({
      type: 'PatientRegistered',
      data: { ...registered.data, ...data },
    });
    expect(PatientEventSchema.safeParse(broken({ admissionDate: '10/01/2025' })).success).toBe(false);
    expect(PatientEventSchema.safeParse(broken({ cns: 162709345180001 })).success).toBe(false);
    expect(PatientEventSchema.safeParse(broken({ name: undefined })).success).toBe(false);
  });
});

describe('PatientDeleted', () => {
  it('carries the reason of a deletion written now', () => {
    const event = PatientDeleted.create({ patientId, name: 'Maria', reason: 'Cadastro em duplicidade' });
    expect(PatientEventSchema.parse(JSON.parse(JSON.stringify(event)))).toEqual(event);
  });

  it('reads a deletion written before reasons were asked, without one', () => {
    const stored = { type: 'PatientDeleted', data: { patientId, name: 'Maria' } };
    const read = PatientEventSchema.parse(stored);
    expect(read).toEqual(stored);
    expect(read.type === 'PatientDeleted' && read.data.reason).toBeUndefined();
  });
});
