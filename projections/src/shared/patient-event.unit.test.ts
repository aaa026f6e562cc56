import { describe, expect, it } from 'vitest';
import {
  PatientEventSchema,
  PROTOCOL_CATALOGUE,
  ProcedureReopened,
  RequiredProceduresAssigned,
} from '@bari/contracts';
import type { RecordedEvent } from '@bari/event-store';
import { parsePatientEvent } from './patient-event.ts';

const recorded = (data: unknown, type: string = ProcedureReopened.type): RecordedEvent => ({
  id: '00000000-0000-4000-8000-000000000001',
  streamId: 'patient-00000000-0000-4000-8000-000000000002',
  revision: 3n,
  position: { commit: 10n, prepare: 10n },
  type,
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

describe('parsePatientEvent, a RequiredProceduresAssigned', () => {
  const [first, second] = PROTOCOL_CATALOGUE;
  const assignment = (procedures: unknown[]) =>
    recorded(
      { patientId: '00000000-0000-4000-8000-000000000002', procedures, reason: 'registration' },
      RequiredProceduresAssigned.type,
    );
  const item = (n: number, procedureType: unknown) => ({
    procedureId: `00000000-0000-4000-8000-00000000001${n}`,
    procedureType,
    scheduledDate: n % 2 ? null : '2026-12-01',
  });

  it("given items sharing the catalogue's type objects, then the result is what the whole contract gives", () => {
    // As the store hands a registration back: each item names one of the catalogue's own objects.
    const event = assignment([
      item(1, first),
      item(2, second),
      item(3, first),
      item(4, { ...first!, extra: 1 }),
    ]);
    const expected = PatientEventSchema.parse({ type: event.type, data: event.data });
    expect(parsePatientEvent(event)).toEqual(expected);
    // and a second event naming the same objects gets the same checked copies
    const again = parsePatientEvent(assignment([item(5, first)]));
    expect(again.type === 'RequiredProceduresAssigned' && again.data.procedures[0]!.procedureType).toEqual(
      first,
    );
  });

  it('given a broken item or type, then it throws as the whole contract does', () => {
    for (const procedures of [
      [item(1, { ...first!, name: '' })],
      [item(1, { ...first!, phase: 'intra_operative' })],
      [item(1, null)],
      [{ ...item(1, first), procedureId: 'not-an-id' }],
      [{ ...item(1, first), scheduledDate: '01/12/2026' }],
      [{ procedureId: '00000000-0000-4000-8000-000000000011', scheduledDate: null }],
    ]) {
      const event = assignment(procedures);
      expect(() => PatientEventSchema.parse({ type: event.type, data: event.data })).toThrow();
      expect(() => parsePatientEvent(event)).toThrow();
    }
    expect(() =>
      parsePatientEvent(
        recorded({ patientId: 'x', procedures: [], reason: 'registration' }, RequiredProceduresAssigned.type),
      ),
    ).toThrow();
  });
});
