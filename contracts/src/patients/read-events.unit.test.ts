import { describe, expect, it } from 'vitest';
import { PROTOCOL_CATALOGUE } from '../protocol/catalogue.ts';
import { PatientEventSchema, RequiredProceduresAssigned } from './events.ts';
import { PatientEventReadSchema } from './read-events.ts';

// As the store hands the catalogue's types back: frozen objects, shared by every registration.
const [first, second] = PROTOCOL_CATALOGUE.map((type) => Object.freeze({ ...type }));
const assignment = (procedures: unknown[]) => ({
  type: RequiredProceduresAssigned.type,
  data: { patientId: '00000000-0000-4000-8000-000000000002', procedures, reason: 'registration' },
});
const item = (n: number, procedureType: unknown) => ({
  procedureId: `00000000-0000-4000-8000-00000000001${n}`,
  procedureType,
  scheduledDate: n % 2 ? null : '2026-12-01',
});
const typeOf = (event: unknown, index = 0) => {
  const parsed = PatientEventReadSchema.parse(event);
  if (parsed.type !== 'RequiredProceduresAssigned') throw new Error('not an assignment');
  return parsed.data.procedures[index]!.procedureType;
};

describe('PatientEventReadSchema', () => {
  it('reads a deletion with its reason, and one written before reasons without it', () => {
    const patientId = '00000000-0000-4000-8000-000000000002';
    for (const data of [
      { patientId, name: 'Maria', reason: 'Óbito' },
      { patientId, name: 'Maria' },
    ]) {
      expect(PatientEventReadSchema.parse({ type: 'PatientDeleted', data })).toEqual({
        type: 'PatientDeleted',
        data,
      });
    }
  });

  it('reads every patient event type PatientEventSchema knows, in the same order', () => {
    const types = (schema: { options: readonly { shape: { type: { value: string } } }[] }) =>
      schema.options.map((option) => option.shape.type.value);
    expect(types(PatientEventReadSchema)).toEqual(types(PatientEventSchema));
  });

  it("given a registration's items sharing frozen type objects, then it gives what PatientEventSchema gives", () => {
    const event = assignment([
      item(1, first),
      item(2, second),
      item(3, first),
      item(4, { ...first!, extra: 1 }),
      { ...item(5, first), extra: 'dropped, as zod drops it' },
      { ...item(6, second), procedureId: '0000000A-0000-4000-8000-00000000001F' },
      // Not a plain object (JSON never gives one): left to zod, which reads it as an object.
      Object.assign(Object.create({ inherited: true }) as object, item(7, second)),
    ]);
    expect(PatientEventReadSchema.parse(event)).toEqual(PatientEventSchema.parse(event));
    // and another event naming the same object gets the same checked copy, frozen
    expect(typeOf(assignment([item(5, first)]))).toBe(typeOf(assignment([item(6, first)])));
    expect(Object.isFrozen(typeOf(assignment([item(5, first)])))).toBe(true);
  });

  it('given plain items naming type objects already checked, then the hand check gives what PatientEventSchema gives', () => {
    // The first read checks the two type objects through zod; the second takes the hand check.
    PatientEventReadSchema.parse(assignment([item(1, first), item(2, second)]));
    const event = assignment([
      { ...item(3, first), extra: 'dropped, as zod drops it' },
      { ...item(4, second), procedureId: '0000000A-0000-4000-8000-00000000001F' },
      item(5, first),
      item(6, second),
    ]);
    expect(PatientEventReadSchema.parse(event)).toEqual(PatientEventSchema.parse(event));
    // An item zod takes for a promise (JSON never gives one) is refused by both.
    const thenable = assignment([{ ...item(7, first), then: () => undefined, catch: () => undefined }]);
    expect(PatientEventSchema.safeParse(thenable).success).toBe(false);
    expect(PatientEventReadSchema.safeParse(thenable).success).toBe(false);
  });

  it('given a type object that is not frozen and changes between two reads, then the second read checks it again', () => {
    const type: Record<string, unknown> = { ...first! };
    expect(typeOf(assignment([item(1, type)]))).toEqual(first);
    type.name = '';
    expect(() => PatientEventReadSchema.parse(assignment([item(1, type)]))).toThrow();
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
      [assignment([[item(1, first)]]), 'data.procedures.0'],
      // A later item broken: the hand check gives way to zod for all, which names it.
      [
        assignment([item(1, first), { ...item(2, first), scheduledDate: undefined }]),
        'data.procedures.1.scheduledDate',
      ],
      [assignment([item(1, first), { ...item(2, first), procedureId: 7 }]), 'data.procedures.1.procedureId'],
      [assignment([item(1, first), null]), 'data.procedures.1'],
      [
        { ...assignment([]), data: { patientId: 'x', procedures: [], reason: 'registration' } },
        'data.patientId',
      ],
      [Object.assign([], assignment([item(1, first)])), ''],
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
