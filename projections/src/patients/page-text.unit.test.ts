import { describe, expect, it } from 'vitest';
import {
  isBeforeDay,
  listedProcedureJson,
  listedProceduresIn,
  patientPageText,
  type ListedProcedure,
  type PatientPageParts,
} from './page-text.ts';

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
      expect(listedProcedureJson(listedAt(1, '2025-02-09'), PATIENT, typeText, today)).toBe(
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
    const unscheduled = JSON.parse(listedProcedureJson(listedAt(1, null), PATIENT, typeText, '2030-01-01'));
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
    const page = JSON.parse(
      patientPageText(
        parts(listed, [ownLine(4, 'completed'), ownLine(2, 'completed'), ownLine(1, 'cancelled')].join('\n')),
        listed,
        () => typeText,
        '2025-02-10',
      ),
    );
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
    expect(listedProceduresIn(none)).toEqual([]);
    expect(JSON.parse(patientPageText(none, [], () => typeText, '2025-01-01'))).toEqual({
      id: PATIENT,
      name: 'Maria',
      procedures: [],
    });
  });

  it('reads the list back as its arrays hold it, and refuses arrays of different lengths', () => {
    const listed = [listedAt(7, '2025-02-09'), { ...listedAt(9, null), typeId: 'custom.a,"b"' }];
    expect(listedProceduresIn(parts(listed))).toEqual(listed);
    expect(() => listedProceduresIn({ ...parts(listed), listedDates: '[null]' })).toThrow(
      /different lengths/,
    );
  });
});
