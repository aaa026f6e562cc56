import { describe, expect, it } from 'vitest';
import {
  LoginFailed,
  PatientRegistered,
  ProcedureCompleted,
  RecordAccessed,
  RequiredProceduresAssigned,
  foldText,
  type ProcedureType,
} from '@bari/contracts';
import type { RecordedEvent } from '@bari/event-store';
import { patientDetails } from '../../test/support/patient-fixtures.ts';
import { testMetadata } from '../../test/support/test-metadata.ts';
import { SEARCH_TERM_MAX_LENGTH, auditRows } from './entries.ts';
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

describe('the audit search terms', () => {
  it('given a procedure completed twice, then each row lists the folded procedure and patient names', () => {
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
    const terms = [foldText(ultrasound.name), foldText('José  da Conceição')];
    expect(terms).toEqual(['ultrassonografia de abdomen', 'jose da conceicao']);
    expect(rows.map((row) => row.searchTerms)).toEqual([terms, terms]);
  });

  it('given a row with a user id, then neither the email nor the action label is in it; without one, the email is', () => {
    const [registered] = auditRows(given(), new Map());
    expect(registered?.searchTerms).toEqual(['jose da conceicao']);

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
    // once, though it is both the entity's name and the actor's email
    expect(refused?.searchTerms).toEqual(['intruso@x.com']);
  });

  it('given a looked-up text longer than an index entry holds, then its term is its first 500 code points', () => {
    const searched = `${'🩺'.repeat(SEARCH_TERM_MAX_LENGTH - 1)}ab${'x'.repeat(3_000)}`;
    const [row] = auditRows(
      [
        recorded(
          'record-access',
          RecordAccessed.create({
            action: 'SEARCH_PATIENTS',
            patientId: null,
            parameters: { search: searched },
          }),
        ),
      ],
      new Map(),
    );
    const [term] = row!.searchTerms;
    expect([...term!]).toHaveLength(SEARCH_TERM_MAX_LENGTH);
    expect(term!.endsWith('🩺a')).toBe(true);
    expect(Buffer.byteLength(term!)).toBeLessThan(2_700);
  });
});
