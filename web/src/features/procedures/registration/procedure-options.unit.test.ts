import type { PatientProcedureDto, ProcedureCategory, ProcedureType } from '@bari/contracts';
import { describe, expect, it } from 'vitest';
import { procedureOptionGroups } from './procedure-options.ts';

function type(category: ProcedureCategory, name: string, isRequired: boolean): ProcedureType {
  const postOp = category.startsWith('post_op');
  return {
    id: `${category}.${name}`,
    name,
    category,
    phase: postOp ? 'post_operative' : 'pre_operative',
    isRequired,
    scheduledMonth: postOp ? 3 : null,
  };
}

function assigned(procedureType: ProcedureType, status: 'pending' | 'completed'): PatientProcedureDto {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    patientId: '00000000-0000-4000-8000-000000000000',
    procedureTypeId: procedureType.id,
    procedureType,
    status,
    scheduledDate: null,
    completedDate: status === 'completed' ? '2025-03-01' : null,
    location: null,
    professionalName: null,
    notes: null,
    overdue: false,
  };
}

const hemograma = type('pre_op_lab', 'Hemograma completo', true);
const coagulograma = type('pre_op_lab', 'Coagulograma', true);
const endoscopia = type('pre_op_exam', 'Endoscopia digestiva alta', true);
const ferritina3 = type('post_op_3mes', 'Ferritina', true);
const albumina3 = type('post_op_3mes', 'Albumina', false);
const tsh = type('pre_op_lab', 'T4 livre', false);
const polissonografia = type('pre_op_exam', 'Polissonografia', false);
const types = [hemograma, coagulograma, endoscopia, ferritina3, albumina3, tsh, polissonografia];

describe('procedureOptionGroups', () => {
  it('lists pending pre-op, pending post-op, optional pre-op, optional post-op, in that order', () => {
    const procedures = [
      assigned(hemograma, 'pending'),
      assigned(coagulograma, 'completed'),
      assigned(endoscopia, 'pending'),
      assigned(ferritina3, 'pending'),
      assigned(polissonografia, 'pending'),
    ];

    const groups = procedureOptionGroups(procedures, types);

    expect(groups.map(({ label, options }) => [label, options.map((option) => option.label)])).toEqual([
      [
        '— Procedimentos Pré-Operatórios Pendentes —',
        ['Endoscopia digestiva alta', 'Polissonografia', 'Hemograma completo'],
      ],
      ['— Procedimentos Pós-Operatórios Pendentes —', ['Ferritina — 3º mês']],
      ['— Procedimentos Pré-Operatórios Opcionais —', ['T4 livre (Opcional)']],
      ['— Procedimentos Pós-Operatórios Opcionais —', ['Albumina — 3º mês (Opcional)']],
    ]);
    expect(groups[0]?.options[2]?.value).toBe('pre_op_lab.Hemograma completo');
  });

  it('leaves out empty groups and optional types the patient already has', () => {
    const procedures = [
      assigned(hemograma, 'completed'),
      assigned(tsh, 'completed'),
      assigned(albumina3, 'pending'),
    ];

    const groups = procedureOptionGroups(procedures, [hemograma, tsh, albumina3]);

    expect(groups.map(({ label, options }) => [label, options.map((option) => option.label)])).toEqual([
      ['— Procedimentos Pós-Operatórios Pendentes —', ['Albumina — 3º mês']],
    ]);
  });
});
