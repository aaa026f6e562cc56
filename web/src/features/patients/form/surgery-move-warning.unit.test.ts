import type { PatientProcedureDto } from '@bari/contracts';
import { describe, expect, it } from 'vitest';
import { surgeryMoveWarning } from './surgery-move-warning.ts';

const procedure = (
  name: string,
  phase: 'pre_operative' | 'post_operative',
  completedDate: string | null,
): PatientProcedureDto =>
  ({
    id: name,
    procedureType: { name, phase },
    status: completedDate ? 'completed' : 'pending',
    completedDate,
  }) as PatientProcedureDto;

describe('surgeryMoveWarning', () => {
  const procedures = [
    procedure('Eletrocardiograma', 'pre_operative', '2026-03-14'),
    procedure('Hemograma completo', 'pre_operative', '2026-03-01'),
    procedure('Consulta com cirurgião', 'post_operative', '2026-04-14'),
    procedure('Endoscopia', 'pre_operative', null),
  ];

  it('given a surgery moved before a pre-operative exam recorded done, then names it', () => {
    expect(surgeryMoveWarning('2026-03-12', '2026-03-15', procedures)).toBe(
      'Com esta data, um procedimento já concluído fica do lado errado da cirurgia: Eletrocardiograma (14/03/2026). Confira as datas.',
    );
  });

  it('given a surgery moved past several, then names two and counts the rest', () => {
    expect(surgeryMoveWarning('2026-02-01', '2026-03-15', [...procedures, ...procedures])).toBe(
      'Com esta data, 4 procedimentos já concluídos ficam do lado errado da cirurgia: Eletrocardiograma (14/03/2026), Hemograma completo (01/03/2026) e mais 2. Confira as datas.',
    );
    expect(surgeryMoveWarning('2026-05-01', '2026-03-15', procedures)).toBe(
      'Com esta data, um procedimento já concluído fica do lado errado da cirurgia: Consulta com cirurgião (14/04/2026). Confira as datas.',
    );
  });

  it('given the date as recorded, one that misplaces nothing, or half a date, then nothing', () => {
    expect(surgeryMoveWarning('2026-03-15', '2026-03-15', procedures)).toBeNull();
    expect(surgeryMoveWarning('2026-03-20', '2026-03-15', procedures)).toBeNull();
    expect(surgeryMoveWarning('2026-03', '2026-03-15', procedures)).toBeNull();
    expect(surgeryMoveWarning('2026-03-12', null, [])).toBeNull();
  });
});
