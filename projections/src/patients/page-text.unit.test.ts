import { describe, expect, it } from 'vitest';
import {
  PAGE_PROCEDURE_COLUMNS,
  listedProcedureJson,
  patientPageText,
  type PatientPageParts,
} from './page-text.ts';

/** A listed procedure, as its list holds it. */
interface ListedProcedure {
  readonly id: string;
  readonly typeId: string;
  readonly scheduledDate: string | null;
  readonly ordinal: number;
}

/** A procedure with a row of its own, as the page writes it (the DTO's keys, in order). */
interface OwnProcedure {
  readonly ordinal: number;
  readonly id: string;
  readonly procedureTypeId: string;
  readonly name: string;
  readonly category: string;
  readonly phase: 'pre_operative' | 'post_operative';
  readonly isRequired: boolean;
  readonly scheduledMonth: number | null;
  readonly status: 'pending' | 'completed';
  readonly scheduledDate: string | null;
  readonly completedDate: string | null;
  readonly location: string | null;
  readonly professionalName: string | null;
  readonly notes: string | null;
}

const PATIENT = '0b7a3c9e-1f2d-4e5a-9b6c-7d8e9f0a1b2c';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TYPE = { id: 'lab.hemograma', name: 'Hemograma "completo"', category: 'lab', phase: 'pre_operative' };
const typeText = `"procedureTypeId":"lab.hemograma","procedureType":${JSON.stringify({ ...TYPE, isRequired: true, scheduledMonth: null })}`;

/** The own procedures as the query sends them: one array per column, all null for none. */
function ownColumns(own: readonly OwnProcedure[]): string {
  const column: Record<(typeof PAGE_PROCEDURE_COLUMNS)[number], (procedure: OwnProcedure) => unknown> = {
    ordinal: (procedure) => procedure.ordinal,
    id: (procedure) => procedure.id,
    procedure_type_id: (procedure) => procedure.procedureTypeId,
    type_name: (procedure) => procedure.name,
    type_category: (procedure) => procedure.category,
    type_phase: (procedure) => procedure.phase,
    type_is_required: (procedure) => procedure.isRequired,
    type_scheduled_month: (procedure) => procedure.scheduledMonth,
    status: (procedure) => procedure.status,
    scheduled_date: (procedure) => procedure.scheduledDate,
    completed_date: (procedure) => procedure.completedDate,
    location: (procedure) => procedure.location,
    professional_name: (procedure) => procedure.professionalName,
    notes: (procedure) => procedure.notes,
  };
  return JSON.stringify(
    Object.fromEntries(
      PAGE_PROCEDURE_COLUMNS.map((name) => [
        name,
        own.length === 0 ? null : own.map((procedure) => column[name](procedure)),
      ]),
    ),
  );
}

/** What the page's query sends for a patient with a list of these and these own procedures. */
function parts(listed: readonly ListedProcedure[], own: readonly OwnProcedure[] = []): PatientPageParts {
  return {
    header: `{"id":"${PATIENT}","name":"Maria"`,
    patientId: PATIENT,
    own: ownColumns(own),
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

const ownAt = (n: number, changes: Partial<OwnProcedure> = {}): OwnProcedure => ({
  ordinal: n,
  id: id(n),
  procedureTypeId: TYPE.id,
  name: TYPE.name,
  category: TYPE.category,
  phase: 'pre_operative',
  isRequired: true,
  scheduledMonth: null,
  status: 'completed',
  scheduledDate: null,
  completedDate: '2025-01-03',
  location: null,
  professionalName: null,
  notes: null,
  ...changes,
});

/** The DTO of an own procedure on `today`, as the contract orders its keys. */
function ownDto(procedure: OwnProcedure, today: string) {
  const {
    ordinal: _ordinal,
    procedureTypeId,
    name,
    category,
    phase,
    isRequired,
    scheduledMonth,
    ...rest
  } = procedure;
  const { status, scheduledDate, completedDate, location, professionalName, notes } = rest;
  return {
    id: procedure.id,
    patientId: PATIENT,
    procedureTypeId,
    procedureType: { id: procedureTypeId, name, category, phase, isRequired, scheduledMonth },
    status,
    scheduledDate,
    completedDate,
    location,
    professionalName,
    notes,
    overdue: status === 'pending' && scheduledDate !== null && scheduledDate < today,
  };
}

const pageOf = (list: PatientPageParts, typeTexts: readonly string[], today = '2025-02-10') =>
  JSON.parse(patientPageText(list, typeTexts, today)) as { procedures: Record<string, unknown>[] };

describe('the patient page written from its query', () => {
  it('given a listed procedure, then it is the DTO, key for key, byte for byte', () => {
    for (const [today, overdue] of [
      ['2025-02-08', false],
      ['2025-02-09', false],
      ['2025-02-10', true],
    ] as const) {
      const pending = ownAt(1, { status: 'pending', scheduledDate: '2025-02-09', completedDate: null });
      expect(ownDto(pending, today).overdue).toBe(overdue);
      expect(listedProcedureJson(id(1), PATIENT, typeText, '2025-02-09', today)).toBe(
        JSON.stringify(ownDto(pending, today)),
      );
    }
    const unscheduled = JSON.parse(listedProcedureJson(id(1), PATIENT, typeText, null, '2030-01-01'));
    expect(unscheduled).toMatchObject({ scheduledDate: null, overdue: false });
  });

  it('given procedures with a row of their own, then each is the DTO, key for key, byte for byte', () => {
    // Text a user or a catalogue may write: quotes, backslashes, controls, accents, emoji, markup.
    const odd = 'Dra. "Ana" \\ linha\nnova \u0001\u007f ç 🙂 </script> \u2028';
    const own = [
      ownAt(0, { location: odd, professionalName: 'Dra. Ana', notes: odd, scheduledDate: '2025-01-01' }),
      ownAt(1, { status: 'pending', completedDate: null, scheduledDate: '2025-02-09', scheduledMonth: 6 }),
      ownAt(2, { status: 'pending', completedDate: null, procedureTypeId: 'custom."x"', name: odd }),
      ownAt(3, {
        status: 'pending',
        completedDate: null,
        scheduledDate: '2025-02-10',
        phase: 'post_operative',
      }),
      ownAt(4, { isRequired: false, category: 'consultation' }),
    ];
    const today = '2025-02-10';
    const page = patientPageText(parts([], own), [], today);
    expect(page).toBe(
      `{"id":"${PATIENT}","name":"Maria","procedures":${JSON.stringify(own.map((procedure) => ownDto(procedure, today)))}}`,
    );
    expect(pageOf(parts([], own), [], today).procedures.map((procedure) => procedure.overdue)).toEqual([
      false,
      true,
      false,
      false,
      false,
    ]);
  });

  it('given pending procedures dated around today, then only those before it are overdue', () => {
    const dates = ['2025-02-09', '2025-02-10', '2025-12-31', '0001-01-01'];
    const listed = dates.map((date, n) => listedAt(n, date));
    const own = dates.map((date, n) =>
      ownAt(10 + n, { status: 'pending', scheduledDate: date, completedDate: null }),
    );
    const overdue = pageOf(parts(listed, own), texts(listed)).procedures.map(
      (procedure) => procedure.overdue,
    );
    expect(overdue).toEqual([true, false, false, true, true, false, false, true]);
  });

  it('given own and listed procedures, then they follow the ordinals and a row overrides its listing', () => {
    const listed = [
      listedAt(0, '2025-01-01'),
      listedAt(2, null),
      listedAt(3, '2025-03-01'),
      listedAt(5, null),
    ];
    const own = [ownAt(1, { notes: 'own 1' }), ownAt(2, { notes: 'own 2' }), ownAt(4, { notes: 'own 4' })];
    const page = pageOf(parts(listed, own), texts(listed));
    // A list out of timeline order (its writers keep it in order) is read in order all the same.
    const shuffled = [listed[2]!, listed[0]!, listed[3]!, listed[1]!];
    expect(pageOf(parts(shuffled, own), texts(shuffled))).toEqual(page);
    expect(page.procedures.map((procedure) => [procedure.id, procedure.notes, procedure.overdue])).toEqual([
      [id(0), null, true],
      [id(1), 'own 1', false],
      [id(2), 'own 2', false],
      [id(3), null, false],
      [id(4), 'own 4', false],
      [id(5), null, false],
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
      expect(pageOf(list, [])).toEqual({ id: PATIENT, name: 'Maria', procedures: [] });
    }
    expect(
      pageOf({ ...none, own: ownColumns([ownAt(3)]) }, []).procedures.map((procedure) => procedure.id),
    ).toEqual([id(3)]);
  });

  it('refuses a list or columns that are not as their writers keep them', () => {
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
    const own = JSON.parse(ownColumns([ownAt(1), ownAt(2)])) as Record<string, unknown[]>;
    expect(() => page({ ...parts(listed), own: JSON.stringify({ ...own, notes: [null] }) })).toThrow(
      /different lengths/,
    );
  });
});
