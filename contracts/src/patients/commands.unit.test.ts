import { describe, expect, it } from 'vitest';
import {
  AddProcedureRequestSchema,
  CreateProcedureRequestSchema,
  DeletePatientBodySchema,
  ProcedureRegistrationFormSchema,
  UpdateProcedureRequestSchema,
} from './commands.ts';
import { UpdatePatientRequestSchema } from './patient-form.ts';

const patientId = '0b7c4a52-3f43-4d4e-9d3b-6f1f2a6c1e01';

function messages(result: { error?: { issues: { path: (string | number)[]; message: string }[] } }) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('ProcedureRegistrationFormSchema (§5)', () => {
  it('given an empty form, then every required field has its message', () => {
    expect(
      messages(
        ProcedureRegistrationFormSchema.safeParse({
          procedureTypeId: '',
          completedDate: '',
          location: '',
          professionalName: '',
        }),
      ),
    ).toEqual({
      procedureTypeId: 'Tipo de procedimento é obrigatório',
      completedDate: 'Data de realização é obrigatória',
      location: 'Local é obrigatório',
      professionalName: 'Profissional responsável é obrigatório',
    });
  });

  it('given a filled form, then notes are optional', () => {
    expect(
      ProcedureRegistrationFormSchema.parse({
        procedureTypeId: 'pre_op_lab.hemograma-completo',
        completedDate: '2025-01-05',
        location: ' Laboratório Central ',
        professionalName: 'Dra. Ana',
      }),
    ).toEqual({
      procedureTypeId: 'pre_op_lab.hemograma-completo',
      completedDate: '2025-01-05',
      location: 'Laboratório Central',
      professionalName: 'Dra. Ana',
      notes: null,
    });
  });
});

describe('CreateProcedureRequestSchema', () => {
  it('tells the add-procedure dialog (pending) from the registration form (completed)', () => {
    expect(
      CreateProcedureRequestSchema.parse({ patientId, procedureTypeId: 'x', status: 'pending' }),
    ).toEqual(AddProcedureRequestSchema.parse({ patientId, procedureTypeId: 'x', status: 'pending' }));
    const registered = CreateProcedureRequestSchema.parse({
      patientId,
      procedureTypeId: 'x',
      status: 'completed',
      scheduledDate: '2025-01-01',
      completedDate: '2025-01-05',
      location: 'L',
      professionalName: 'P',
    });
    expect(registered).toEqual({
      patientId,
      procedureTypeId: 'x',
      status: 'completed',
      completedDate: '2025-01-05',
      location: 'L',
      professionalName: 'P',
      notes: null,
    });
  });

  it('given a registration without a date, then "Data de realização é obrigatória"', () => {
    const result = CreateProcedureRequestSchema.safeParse({
      patientId,
      procedureTypeId: 'x',
      status: 'completed',
      location: 'L',
      professionalName: 'P',
    });
    expect(messages(result)).toEqual({ completedDate: 'Data de realização é obrigatória' });
  });
});

describe('UpdateProcedureRequestSchema (§4)', () => {
  it('given completed without a date, then "Data de realização é obrigatória"', () => {
    expect(
      messages(UpdateProcedureRequestSchema.safeParse({ status: 'completed', completedDate: '' })),
    ).toEqual({
      completedDate: 'Data de realização é obrigatória',
    });
  });

  it('given completed with a date, then absent details stay undefined and blank ones become null', () => {
    expect(
      UpdateProcedureRequestSchema.parse({
        status: 'completed',
        completedDate: '2025-02-01',
        notes: '',
        location: ' Sala 2 ',
      }),
    ).toEqual({ status: 'completed', completedDate: '2025-02-01', location: 'Sala 2', notes: null });
  });

  it('given pending, then the date is cleared (null, empty or absent), never set', () => {
    expect(UpdateProcedureRequestSchema.parse({ status: 'pending', completedDate: null })).toEqual({
      status: 'pending',
      completedDate: null,
    });
    expect(UpdateProcedureRequestSchema.parse({ status: 'pending' })).toEqual({ status: 'pending' });
    expect(
      messages(UpdateProcedureRequestSchema.safeParse({ status: 'pending', completedDate: '2025-01-01' })),
    ).toEqual({
      completedDate: 'A data de realização só pode ser informada em procedimento concluído',
    });
  });
});

describe('UpdatePatientRequestSchema', () => {
  it('takes any subset of the form plus the version; absent fields stay absent', () => {
    expect(UpdatePatientRequestSchema.parse({ surgeryDate: '2025-03-01', version: 4 })).toEqual({
      surgeryDate: '2025-03-01',
      version: 4,
    });
    expect(UpdatePatientRequestSchema.parse({ dischargeDate: '' })).toEqual({ dischargeDate: null });
  });

  it('checks the order of the dates sent together', () => {
    expect(
      messages(
        UpdatePatientRequestSchema.safeParse({
          admissionDate: '2025-01-10',
          dischargeDate: '2025-01-09',
          surgeryDate: '2025-01-01',
        }),
      ),
    ).toEqual({
      dischargeDate: 'A data da alta não pode ser anterior à internação.',
      surgeryDate: 'A data da cirurgia não pode ser anterior à internação.',
    });
    // Alone, a date is judged by the server against the stored ones.
    expect(UpdatePatientRequestSchema.safeParse({ dischargeDate: '2025-01-09' }).success).toBe(true);
  });

  it('still applies the §5 rules to the fields sent', () => {
    expect(messages(UpdatePatientRequestSchema.safeParse({ name: ' ', cpf: '390.533.447-06' }))).toEqual({
      name: 'Nome é obrigatório',
      cpf: 'CPF inválido',
    });
  });
});

describe('DeletePatientBodySchema (the reason of a deletion)', () => {
  const required = 'Informe o motivo da exclusão (ao menos 5 caracteres).';

  it('given a reason, then it is trimmed (line breaks inside kept)', () => {
    expect(DeletePatientBodySchema.parse({ reason: '  Óbito do paciente\nconfirmado  ' })).toEqual({
      reason: 'Óbito do paciente\nconfirmado',
    });
  });

  it.each([
    ['absent', {}],
    ['null', { reason: null }],
    ['not text', { reason: 12345 }],
    ['empty', { reason: '' }],
    ['4 characters once trimmed', { reason: '  erro  ' }],
    ['only punctuation', { reason: '-----' }],
  ])('given a reason %s, then the required message under reason', (_, body) => {
    expect(messages(DeletePatientBodySchema.safeParse(body))).toEqual({ reason: required });
  });

  it('given more than 500 characters, then the length message', () => {
    expect(messages(DeletePatientBodySchema.safeParse({ reason: 'a'.repeat(501) }))).toEqual({
      reason: 'O motivo da exclusão deve ter no máximo 500 caracteres.',
    });
    expect(DeletePatientBodySchema.safeParse({ reason: ` ${'a'.repeat(500)} ` }).success).toBe(true);
  });

  it('given control characters, then refused', () => {
    expect(DeletePatientBodySchema.safeParse({ reason: 'Motivo\u0000 qualquer' }).success).toBe(false);
  });
});
