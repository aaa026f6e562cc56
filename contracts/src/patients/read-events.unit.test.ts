import { describe, expect, it } from 'vitest';
import { PROTOCOL_CATALOGUE } from '../protocol/catalogue.ts';
import { PatientEventSchema, RequiredProceduresAssigned } from './events.ts';
import { PatientEventReadSchema } from './read-events.ts';

const [first, second] = PROTOCOL_CATALOGUE;
const assignment = (procedures: unknown[]) => ({
  type: RequiredProceduresAssigned.type,
  data: { patientId: '00000000-0000-4000-8000-000000000002', procedures, reason: 'registration' },
});
const item = (n: number, procedureType: unknown) => ({
  procedureId: `00000000-0000-4000-8000-00000000001${n}`,
  procedureType,
  scheduledDate: n % 2 ? null : '2026-12-01',
});

describe('PatientEventReadSchema', () => {
  it("given a registration's items sharing the catalogue's type objects, then it gives what PatientEventSchema gives", () => {
    // As the store hands a registration back: each item names one of the catalogue's own objects.
    const event = assignment([
      item(1, first),
      item(2, second),
      item(3, first),
      item(4, { ...first!, extra: 1 }),
    ]);
    expect(PatientEventReadSchema.parse(event)).toEqual(PatientEventSchema.parse(event));
    // and an event naming the same objects again gets the checked copies
    const again = PatientEventReadSchema.parse(assignment([item(5, first)]));
    expect(again.type === 'RequiredProceduresAssigned' && again.data.procedures[0]!.procedureType).toEqual(
      first,
    );
  });

  it('given any other patient event, then it gives what PatientEventSchema gives', () => {
    const event = {
      type: 'ProcedureReopened',
      data: {
        patientId: '00000000-0000-4000-8000-000000000002',
        procedureId: '00000000-0000-4000-8000-000000000003',
        reason: 'staff',
      },
    };
    expect(PatientEventReadSchema.parse(event)).toEqual(PatientEventSchema.parse(event));
  });

  it('given a broken item, type or event, then it refuses it as PatientEventSchema does, naming where', () => {
    const broken: [unknown, string][] = [
      [assignment([item(1, { ...first!, name: '' })]), 'data.procedures.0.procedureType.name'],
      [
        assignment([item(1, first), item(2, { ...first!, phase: 'intra_operative' })]),
        'data.procedures.1.procedureType.phase',
      ],
      [assignment([item(1, null)]), 'data.procedures.0.procedureType'],
      [assignment([{ ...item(1, first), procedureId: 'not-an-id' }]), 'data.procedures.0.procedureId'],
      [assignment([{ ...item(1, first), scheduledDate: '01/12/2026' }]), 'data.procedures.0.scheduledDate'],
      [
        assignment([{ procedureId: '00000000-0000-4000-8000-000000000011', scheduledDate: null }]),
        'data.procedures.0.procedureType',
      ],
      [
        { ...assignment([]), data: { patientId: 'x', procedures: [], reason: 'registration' } },
        'data.patientId',
      ],
      [{ type: 'ProcedureReopened', data: {} }, 'data.patientId'],
      [{ type: 'NotAPatientEvent', data: {} }, 'type'],
    ];
    for (const [event, path] of broken) {
      expect(PatientEventSchema.safeParse(event).success).toBe(false);
      const result = PatientEventReadSchema.safeParse(event);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(path);
    }
  });
});
