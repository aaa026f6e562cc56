import {
  LegacyProcedureImported,
  PatientDeleted,
  PatientRegistered,
  ProcedureAssigned,
  ProcedureCompleted,
  RequiredProceduresAssigned,
  type PatientDetails,
  type PatientEvent,
  type PatientFormInput,
  type ProcedureType,
} from '../index.ts';

/*
 * The patient fixture builders every test folder uses (api deciders and HTTP tests, the
 * projections' tests): ids, a small catalogue, a patient's details or form, and the events of
 * a `patient-<id>` stream. Tests only: exported as `@bari/contracts/testing`, never from the
 * package's main entry.
 */

export const PATIENT_ID = '00000000-0000-4000-8000-000000000001';
export const OTHER_PATIENT_ID = '00000000-0000-4000-8000-000000000002';
export const TODAY = '2025-06-01';
export const NOW = '2025-06-01T12:00:00.000Z';

/** The n-th procedure id: a valid UUID that reads as its number. */
export const procedureId = (n: number): string => `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** Ids from..from+count-1, for a command's `newProcedureIds`. */
export const procedureIds = (count: number, from = 1): string[] =>
  Array.from({ length: count }, (_, index) => procedureId(from + index));

/** A procedure type; post-operative exactly when it has a scheduled month. */
export const procedureType = (
  id: string,
  name: string,
  category: ProcedureType['category'],
  isRequired: boolean,
  scheduledMonth: number | null,
): ProcedureType => ({
  id,
  name,
  category,
  phase: scheduledMonth === null ? 'pre_operative' : 'post_operative',
  isRequired,
  scheduledMonth,
});

/** A small catalogue: enough of every kind to read the tests' expectations at a glance. */
export const types = {
  endoscopy: procedureType('pre_op_exam.endoscopia', 'Endoscopia digestiva alta', 'pre_op_exam', true, null),
  bloodCount: procedureType('pre_op_lab.hemograma', 'Hemograma completo', 'pre_op_lab', true, null),
  creatinine: procedureType('pre_op_lab.creatinina', 'Creatinina', 'pre_op_lab', true, null),
  zinc: procedureType('pre_op_lab.zinco', 'Zinco', 'pre_op_lab', false, null),
  surgeon1: procedureType('post_op_1mes.cirurgiao', 'Consulta com cirurgião', 'post_op_1mes', true, 1),
  surgeon12: procedureType(
    'post_op_12_15mes.cirurgiao',
    'Consulta com cirurgião',
    'post_op_12_15mes',
    true,
    12,
  ),
  zinc6: procedureType('post_op_6mes.zinco', 'Zinco', 'post_op_6mes', false, 6),
} satisfies Record<string, ProcedureType>;
export const catalogue: readonly ProcedureType[] = Object.values(types);

export const SALVADOR = { ibgeCode: '2927408', name: 'Salvador', uf: 'BA' };
export const SAO_PAULO = { ibgeCode: '3550308', name: 'São Paulo', uf: 'SP' };
export const FEIRA = { ibgeCode: '2910800', name: 'Feira de Santana', uf: 'BA' };
/** Valid CPFs, formatted as a person types them. */
export const CPFS = ['390.533.447-05', '714.602.858-59', '280.012.389-38'] as const;

/** A valid CPF (check digits computed) from a 9-digit base: each test uses its own. */
export function validCpf(base: number): string {
  const digits = String(base).padStart(9, '0').split('').map(Number);
  for (const length of [9, 10]) {
    const sum = digits
      .slice(0, length)
      .reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    const rest = sum % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.join('');
}

/** A patient as events and states hold it (CPF digits only). */
export const patientDetails = (overrides: Partial<PatientDetails> = {}): PatientDetails => ({
  name: 'Maria da Silva',
  cpf: '39053344705',
  cns: '162709345180001',
  municipality: SALVADOR,
  admissionDate: '2025-01-08',
  dischargeDate: null,
  surgeryDate: '2025-01-10',
  surgeryLocation: 'Hospital Geral',
  surgeonName: 'Dr. João Souza',
  aihNumber: '3525100001236',
  sisregCode: '123456789',
  notes: null,
  ...overrides,
});

/**
 * A valid provisional CNS (first digit 7) of the person with this CPF: the CPF's digits inside,
 * so that each test patient has its own (the API refuses a CNS another patient holds).
 */
export function cnsOfCpf(cpf: string): string {
  const stem = `7${cpf.replace(/\D/g, '')}0`;
  const sum = [...stem].reduce((total, digit, index) => total + Number(digit) * (15 - index), 0);
  // Two digits left, weights 2 and 1: Σ ≡ 0 (mod 11).
  for (let tens = 0; ; tens += 1) {
    const units = (11 - ((sum + 2 * tens) % 11)) % 11;
    if (units < 10) return `${stem}${tens}${units}`;
  }
}

/** The registration form as a person fills it in (formatted CPF; a CNS of its own). */
export const patientForm = (overrides: Partial<PatientFormInput> = {}): PatientFormInput => ({
  ...patientDetails({ name: 'Maria da Conceição', surgeryLocation: 'Hospital Geral Roberto Santos' }),
  cpf: CPFS[0],
  cns: cnsOfCpf(overrides.cpf ?? CPFS[0]),
  ...overrides,
});

/** Maria, the patient of the decider tests. */
export const maria: PatientDetails = patientDetails();

type ProcedureDetails = { location?: string | null; professionalName?: string | null; notes?: string | null };

/** Builders of the events of one `patient-<id>` stream; procedures are named by number (`procedureId`). */
export function patientEvents(patientId: string) {
  return {
    registered: (details: PatientDetails = maria): PatientEvent =>
      PatientRegistered.create({ patientId, ...details }),
    assigned: (
      n: number,
      type: ProcedureType,
      scheduledDate: string | null = null,
      reason: ProcedureAssigned['data']['reason'] = 'registration',
    ): PatientEvent =>
      ProcedureAssigned.create({
        patientId,
        procedureId: procedureId(n),
        procedureType: type,
        status: 'pending',
        scheduledDate,
        reason,
      }),
    /** One event for several pending procedures: `[n, type, scheduledDate?]` each. */
    requiredAssigned: (
      procedures: readonly (readonly [number, ProcedureType, (string | null)?])[],
      reason: RequiredProceduresAssigned['data']['reason'] = 'registration',
    ): PatientEvent =>
      RequiredProceduresAssigned.create({
        patientId,
        procedures: procedures.map(([n, type, scheduledDate]) => ({
          procedureId: procedureId(n),
          procedureType: type,
          scheduledDate: scheduledDate ?? null,
        })),
        reason,
      }),
    completed: (n: number, completedDate: string, details: ProcedureDetails = {}): PatientEvent =>
      ProcedureCompleted.create({
        patientId,
        procedureId: procedureId(n),
        completedDate,
        location: details.location ?? null,
        professionalName: details.professionalName ?? null,
        notes: details.notes ?? null,
      }),
    /** A deletion as written now, with its reason; `reason: undefined` for one written before reasons. */
    deleted: (
      name: string = maria.name,
      reason: string | undefined = 'Cadastro em duplicidade',
    ): PatientEvent =>
      PatientDeleted.create({ patientId, name, ...(reason === undefined ? {} : { reason }) }),
    imported: (
      n: number,
      type: ProcedureType,
      values: {
        status: 'pending' | 'completed';
        scheduledDate?: string | null;
        completedDate?: string | null;
        location?: string | null;
        professionalName?: string | null;
        notes?: string | null;
      },
    ): PatientEvent =>
      LegacyProcedureImported.create({
        patientId,
        procedureId: procedureId(n),
        procedureType: type,
        status: values.status,
        scheduledDate: values.scheduledDate ?? null,
        completedDate: values.completedDate ?? null,
        location: values.location ?? null,
        professionalName: values.professionalName ?? null,
        notes: values.notes ?? null,
      }),
  };
}

/** The builders for `PATIENT_ID`, the decider tests' patient. */
export const { registered, assigned, requiredAssigned, completed, deleted, imported } =
  patientEvents(PATIENT_ID);

/**
 * Maria as registration left her (one event per type, the shape before
 * `RequiredProceduresAssigned`) with the small catalogue (surgery 2025-01-10): procedures 1–5
 * are the required types in order; post-operative ones scheduled from the surgery date.
 */
export const mariaRegistered = (): PatientEvent[] => [
  registered(),
  assigned(1, types.endoscopy),
  assigned(2, types.bloodCount),
  assigned(3, types.creatinine),
  assigned(4, types.surgeon1, '2025-02-09'),
  assigned(5, types.surgeon12, '2026-02-25'),
];
