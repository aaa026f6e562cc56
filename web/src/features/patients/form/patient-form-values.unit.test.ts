import { PatientFormSchema, type PatientDetails } from '@bari/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_PATIENT_FORM,
  mergeAfterConflict,
  patientToFormValues,
  type PatientFormOutput,
  type PatientFormValues,
} from './patient-form-values.ts';
import { patientFormResolver } from './patient-form-resolver.ts';

const stored: PatientDetails = {
  name: 'Maria da Silva',
  cpf: '39053344705',
  cns: null,
  municipality: { ibgeCode: '3509502', name: 'Campinas', uf: 'SP' },
  admissionDate: '2025-03-10',
  dischargeDate: null,
  surgeryDate: '2025-03-12',
  surgeryLocation: 'Hospital das Clínicas',
  surgeonName: 'Dr. João Souza',
  aihNumber: null,
  sisregCode: null,
  notes: null,
};

/** The first message of each field, as the form shows them. */
function messages(values: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of PatientFormSchema.safeParse(values).error?.issues ?? []) {
    result[issue.path.join('.')] ??= issue.message;
  }
  return result;
}

describe('the patient form values', () => {
  it('shows a stored patient with the CPF masked and empty optional fields', () => {
    expect(patientToFormValues(stored)).toMatchObject({
      cpf: '390.533.447-05',
      cns: '',
      dischargeDate: '',
      surgeryDate: '2025-03-12',
      municipality: { ibgeCode: '3509502', name: 'Campinas', uf: 'SP' },
    });
  });

  it('saves what it shows unchanged (11-digit CPF, blanks as null)', () => {
    expect(PatientFormSchema.parse(patientToFormValues(stored))).toEqual(stored);
  });

  it('says what every required field needs, in the words of §5', () => {
    expect(messages(EMPTY_PATIENT_FORM)).toEqual({
      name: 'Nome é obrigatório',
      cpf: 'CPF é obrigatório',
      municipality: 'Município é obrigatório',
      admissionDate: 'Data da internação é obrigatória',
      surgeryLocation: 'Local da cirurgia é obrigatório',
      surgeonName: 'Nome do cirurgião é obrigatório',
    });
    expect(messages({ ...patientToFormValues(stored), cpf: '390.533.447-06' })).toEqual({
      cpf: 'CPF inválido',
    });
  });

  it("shows dates out of order beside the other fields' errors, not only once they are fixed", async () => {
    const values = {
      ...patientToFormValues(stored),
      cpf: '390.533.447-06',
      dischargeDate: '2025-03-09',
      surgeryDate: '2025-03-01',
    };
    const { errors } = await patientFormResolver(values, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(errors.cpf?.message).toBe('CPF inválido');
    expect(errors.dischargeDate?.message).toBe('A data da alta não pode ser anterior à internação.');
    expect(errors.surgeryDate?.message).toBe('A data da cirurgia não pode ser anterior à internação.');
    // A field's own error comes first: a date typed halfway is 'Data inválida', not out of order
    const halfway = await patientFormResolver({ ...values, dischargeDate: '09/03/20' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(halfway.errors.dischargeDate?.message).toBe('Data inválida');
  });

  it('shows dates out of order under the discharge and surgery date fields (as the dialog resolves them)', async () => {
    const resolver = zodResolver<PatientFormValues, unknown, PatientFormOutput>(PatientFormSchema);
    const values = { ...patientToFormValues(stored), dischargeDate: '2025-03-09', surgeryDate: '2025-03-01' };
    const { errors } = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(errors.dischargeDate?.message).toBe('A data da alta não pode ser anterior à internação.');
    expect(errors.surgeryDate?.message).toBe('A data da cirurgia não pode ser anterior à internação.');
    expect(Object.keys(errors).sort()).toEqual(['dischargeDate', 'surgeryDate']);
  });
});

describe('mergeAfterConflict (a save refused because someone else changed the patient)', () => {
  const base = patientToFormValues(stored);

  it('given only procedures moved (a colleague ticked an exam), then the form is kept whole', () => {
    const mine = { ...base, surgeryDate: '2025-03-20', notes: 'Retorno em abril.' };
    const merge = mergeAfterConflict(base, mine, patientToFormValues(stored));
    expect(merge).toEqual({ values: mine, othersChanged: false, overwritten: [] });
  });

  it('given other fields changed by them, then theirs are shown and the nurse keeps hers', () => {
    const mine = { ...base, surgeryDate: '2025-03-20' };
    const theirs = patientToFormValues({
      ...stored,
      notes: 'Alterado em outra estação.',
      municipality: { ibgeCode: '3550308', name: 'São Paulo', uf: 'SP' },
    });
    const merge = mergeAfterConflict(base, mine, theirs);
    expect(merge.othersChanged).toBe(true);
    expect(merge.overwritten).toEqual([]);
    expect(merge.values).toEqual({ ...theirs, surgeryDate: '2025-03-20' });
  });

  it('given a field both changed, then theirs is shown and the field is named', () => {
    const mine = { ...base, notes: 'Meu texto.', surgeonName: 'Dra. Ana Lima' };
    const theirs = patientToFormValues({ ...stored, notes: 'Texto da outra estação.' });
    const merge = mergeAfterConflict(base, mine, theirs);
    expect(merge.overwritten).toEqual(['notes']);
    expect(merge.values).toEqual({ ...theirs, surgeonName: 'Dra. Ana Lima' });
  });

  it('given a field both changed to the same value, then it is not said overwritten', () => {
    const mine = { ...base, dischargeDate: '2025-03-15' };
    const theirs = patientToFormValues({ ...stored, dischargeDate: '2025-03-15' });
    expect(mergeAfterConflict(base, mine, theirs)).toEqual({
      values: theirs,
      othersChanged: true,
      overwritten: [],
    });
  });
});
