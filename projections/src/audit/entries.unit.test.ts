import { describe, expect, it } from 'vitest';
import {
  LoginFailed,
  PatientRegistered,
  ProcedureCompleted,
  RequiredProceduresAssigned,
  foldText,
  type ProcedureType,
} from '@bari/contracts';
import type { RecordedEvent } from '@bari/event-store';
import { patientDetails } from '../../test/support/patient-fixtures.ts';
import { testMetadata } from '../../test/support/test-metadata.ts';
import { auditRows } from './entries.ts';
import type { Entities } from './entities.ts';

const PATIENT = '00000000-0000-4000-8000-000000000001';
const PROCEDURE = 'a0000000-0000-4000-8000-000000000001';
const nurse = testMetadata({ userId: 'b0000000-0000-4000-8000-000000000001', userEmail: 'enf@hospital.br' });

const ultrasound: ProcedureType = {
  id: 'pre_op_exam.ultrassom',
  name: '  Ultrassonografia  de Abdômen ',
  category: 'pre_op_exam',
  phase: 'pre_operative',
  isRequired: true,
  scheduledMonth: null,
};

let position = 0n;
function recorded(streamId: string, event: { type: string; data: unknown }, metadata = nurse): RecordedEvent {
  position += 1n;
  return {
    id: `e0000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    streamId,
    revision: position,
    position: { commit: position, prepare: position },
    type: event.type,
    data: event.data,
    metadata,
    createdAt: new Date(),
  };
}

const patientStream = `patient-${PATIENT}`;
const given = (): RecordedEvent[] => [
  recorded(
    patientStream,
    PatientRegistered.create({ patientId: PATIENT, ...patientDetails({ name: 'José  da Conceição' }) }),
  ),
  recorded(
    patientStream,
    RequiredProceduresAssigned.create({
      patientId: PATIENT,
      procedures: [{ procedureId: PROCEDURE, procedureType: ultrasound, scheduledDate: null }],
      reason: 'registration',
    }),
  ),
];

describe('the audit search text', () => {
  it('given a procedure completed twice, then each row holds the folded procedure and patient names, folded as the whole text would be', () => {
    const entities: Entities = new Map();
    auditRows(given(), entities);
    const completion = {
      patientId: PATIENT,
      procedureId: PROCEDURE,
      completedDate: '2025-01-09',
      location: null,
      professionalName: null,
      notes: null,
    };
    // Twice: the second fold of each name is the remembered one
    const rows = auditRows(
      [
        recorded(patientStream, ProcedureCompleted.create(completion)),
        recorded(patientStream, ProcedureCompleted.create(completion)),
      ],
      entities,
    );
    const whole = foldText(`${ultrasound.name} José  da Conceição`);
    expect(whole).toBe('ultrassonografia de abdomen jose da conceicao');
    expect(rows.map((row) => row.search)).toEqual([whole, whole]);
  });

  it('given a row with a user id, then neither the email nor the action label is in it; without one, the email is', () => {
    const [registered] = auditRows(given(), new Map());
    expect(registered?.search).toBe('jose da conceicao');

    const [refused] = auditRows(
      [
        recorded(
          'login-failures',
          LoginFailed.create({ email: 'Intruso@X.com', reason: 'unknown_key', keyId: null }),
          testMetadata({ userEmail: 'Intruso@X.com' }),
        ),
      ],
      new Map(),
    );
    expect(refused?.search).toBe('intruso@x.com intruso@x.com');
  });
});
