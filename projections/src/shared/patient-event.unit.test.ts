import { describe, expect, it } from 'vitest';
import { ProcedureReopened } from '@bari/contracts';
import type { RecordedEvent } from '@bari/event-store';
import { parsePatientEvent } from './patient-event.ts';

const recorded = (data: unknown): RecordedEvent => ({
  id: '00000000-0000-4000-8000-000000000001',
  streamId: 'patient-00000000-0000-4000-8000-000000000002',
  revision: 3n,
  position: { commit: 10n, prepare: 10n },
  type: ProcedureReopened.type,
  data,
  metadata: {
    userId: null,
    userEmail: null,
    clientIp: '127.0.0.1',
    correlationId: 'test',
    timestamp: '2026-11-25T12:00:00.000Z',
  },
  createdAt: new Date('2026-11-25T12:00:00.000Z'),
});

describe('parsePatientEvent', () => {
  it('given the same recorded event twice, then it is checked once and both readers get that result', () => {
    const event = recorded(
      ProcedureReopened.create({
        patientId: '00000000-0000-4000-8000-000000000002',
        procedureId: '00000000-0000-4000-8000-000000000003',
        reason: 'staff',
      }).data,
    );
    const first = parsePatientEvent(event);
    expect(first).toMatchObject({ type: 'ProcedureReopened', data: { reason: 'staff' } });
    expect(parsePatientEvent(event)).toBe(first);
    // Another recorded event with equal content is checked on its own.
    expect(parsePatientEvent({ ...event })).not.toBe(first);
  });

  it('given data that breaks the contract, then it throws every time (nothing is remembered)', () => {
    const event = recorded({ patientId: 'not-an-id', procedureId: 'x', reason: 'staff' });
    expect(() => parsePatientEvent(event)).toThrow();
    expect(() => parsePatientEvent(event)).toThrow();
  });
});
