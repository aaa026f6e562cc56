import { describe, expect, it } from 'vitest';
import { isBeforeDay, listedProcedureJson, patientPageText, type PatientPageParts } from './page-text.ts';

/** A listed procedure, as its list holds it. */
interface ListedProcedure {
  readonly id: string;
  readonly typeId: string;
  readonly scheduledDate: string | null;
  readonly ordinal: number;
}

const PATIENT = '0b7a3c9e-1f2d-4e5a-9b6c-7d8e9f0a1b2c';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TYPE = { id: 'lab.hemograma', name: 'Hemograma "completo"', category: 'lab', phase: 'pre_operative' };
const typeText = `"procedureTypeId":"lab.hemograma","procedureType":${JSON.stringify({ ...TYPE, isRequired: true, scheduledMonth: null })}`;

/** What the page's query sends for a patient with a list of these and these own lines. */
function parts(listed: readonly ListedProcedure[], own: string | null = null): PatientPageParts {
  return {
    header: `{"id":"${PATIENT}","name":"Maria"`,
    patientId: PATIENT,
    own,
    listedIds: listed.map((procedure) => procedure.id).join(','),
    listedOrdinals: listed.map((procedure) => procedure.ordinal).join(','),
    listedTypes: JSON.stringify(listed.map((procedure) => procedure.typeId)),
    listedDates: JSON.stringify(listed.map((procedure) => procedure.scheduledDate)),
  };
}

const texts = (listed: readonly ListedProcedure[]) => listed.map(() => typeText);

const listedAt = (n: number, scheduledDate: string | null): ListedProcedure => ({
  id: id(n),
  typeId: TYPE.id,
  scheduledDate,
  ordinal: n,
});

describe('the patient page written from its query', () => {
  it('given a listed procedure, then it is the DTO, key for key, byte for byte', () => {
    for (const [today, overdue] of [
      ['2025-02-08', false],
      ['2025-02-09', false],
      ['2025-02-10', true],
    ] as const) {
      expect(listedProcedureJson(id(1), PATIENT, typeText, '2025-02-09', today)).toBe(
        JSON.stringify({
          id: id(1),
          patientId: PATIENT,
          procedureTypeId: TYPE.id,
          procedureType: { ...TYPE, isRequired: true, scheduledMonth: null },
          status: 'pending',
          scheduledDate: '2025-02-09',
          completedDate: null,
          location: null,
          professionalName: null,
          notes: null,
          overdue,
        }),
      );
    }
    const unscheduled = JSON.parse(listedProcedureJson(id(1), PATIENT, typeText, null, '2030-01-01'));
    expect(unscheduled).toMatchObject({ scheduledDate: null, overdue: false });
  });

  it('given dates PostgreSQL writes beyond four-digit years, then overdue is the date order', () => {
    expect(isBeforeDay('2025-02-09', '2025-02-10')).toBe(true);
    expect(isBeforeDay('2025-02-10', '2025-02-10')).toBe(false);
    expect(isBeforeDay('2025-12-31', '2025-02-10')).toBe(false);
    expect(isBeforeDay('0044-03-15 BC', '2025-02-10')).toBe(true);
    expect(isBeforeDay('10000-01-01', '2025-02-10')).toBe(false);
    expect(isBeforeDay('0001-01-01', '2025-02-10')).toBe(true);
  });

  it('given own and listed procedures, then they follow the ordinals and a row overrides its listing', () => {
    const ownLine = (n: number, status: string) =>
      `${n} ${id(n)} ${JSON.stringify({ id: id(n), patientId: PATIENT, status })}`;
    const listed = [
      listedAt(0, '2025-01-01'),
      listedAt(2, null),
      listedAt(3, '2025-03-01'),
      listedAt(5, null),
    ];
    const own = [ownLine(1, 'cancelled'), ownLine(2, 'completed'), ownLine(4, 'completed')].join('\n');
    const page = JSON.parse(patientPageText(parts(listed, own), texts(listed), '2025-02-10'));
    // A list out of timeline order (its writers keep it in order) is read in order all the same.
    const shuffled = [listed[2]!, listed[0]!, listed[3]!, listed[1]!];
    expect(JSON.parse(patientPageText(parts(shuffled, own), texts(shuffled), '2025-02-10'))).toEqual(page);
    expect(page.name).toBe('Maria');
    expect(
      page.procedures.map((procedure: { id: string; status: string }) => [procedure.id, procedure.status]),
    ).toEqual([
      [id(0), 'pending'],
      [id(1), 'cancelled'],
      [id(2), 'completed'],
      [id(3), 'pending'],
      [id(4), 'completed'],
      [id(5), 'pending'],
    ]);
    expect(page.procedures.map((procedure: { overdue?: boolean }) => procedure.overdue)).toEqual([
      true,
      undefined,
      undefined,
      false,
      undefined,
      false,
    ]);
  });

  it('given a patient without a list or without procedures, then the page is still whole', () => {
    const none = {
      ...parts([]),
      listedIds: null,
      listedOrdinals: null,
      listedTypes: null,
      listedDates: null,
    };
    for (const list of [none, parts([])]) {
      expect(JSON.parse(patientPageText(list, [], '2025-01-01'))).toEqual({
        id: PATIENT,
        name: 'Maria',
        procedures: [],
      });
    }
    const own = `3 ${id(3)} {"id":"${id(3)}"}`;
    expect(JSON.parse(patientPageText({ ...none, own }, [], '2025-01-01'))).toEqual({
      id: PATIENT,
      name: 'Maria',
      procedures: [{ id: id(3) }],
    });
  });

  it('refuses a list whose arrays are not as its writers keep them', () => {
    const listed = [listedAt(7, '2025-02-09'), listedAt(9, null)];
    const page = (list: PatientPageParts, typeTexts = texts(listed)) =>
      patientPageText(list, typeTexts, '2025-02-10');
    expect(JSON.parse(page(parts(listed))).procedures).toHaveLength(2);
    expect(() => page({ ...parts(listed), listedDates: '[null]' })).toThrow(/different lengths/);
    expect(() => page(parts(listed), [typeText])).toThrow(/different lengths/);
    // `array_to_string` writes a null element as nothing: a one-element list of a null ordinal.
    const one = [listedAt(7, null)];
    expect(() => page({ ...parts(one), listedOrdinals: '' }, texts(one))).toThrow(/null ordinal/);
    expect(() => page({ ...parts(one), listedDates: '[7]' }, texts(one))).toThrow(/date/);
  });
});
