import {
  LegacyProcedureImported,
  PatientDeleted,
  PatientRegistered,
  ProcedureAssigned,
  ProcedureCompleted,
  type PatientDetails,
  type PatientEvent,
  type ProcedureType,
} from '@bari/contracts';

export const PATIENT_ID = '00000000-0000-4000-8000-000000000001';
export const OTHER_PATIENT_ID = '00000000-0000-4000-8000-000000000002';
export const TODAY = '2025-06-01';
export const NOW = '2025-06-01T12:00:00.000Z';

/** The n-th procedure id: a valid UUID that reads as its number. */
export const procedureId = (n: number): string => `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** Ids 1..count, for a command's `newProcedureIds`. */
export const procedureIds = (count: number, from = 1): string[] =>
  Array.from({ length: count }, (_, index) => procedureId(from + index));

export const maria: PatientDetails = {
  name: 'Maria da Silva',
  cpf: '39053344705',
  cns: '162709345180001',
  municipality: { ibgeCode: '2927408', name: 'Salvador', uf: 'BA' },
  admissionDate: '2025-01-08',
  dischargeDate: null,
  surgeryDate: '2025-01-10',
  surgeryLocation: 'Hospital Geral',
  surgeonName: 'Dr. João Souza',
  aihNumber: '3525100001236',
  sisregCode: '123456789',
  notes: null,
};

const type = (
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
  endoscopy: type('pre_op_exam.endoscopia', 'Endoscopia digestiva alta', 'pre_op_exam', true, null),
  bloodCount: type('pre_op_lab.hemograma', 'Hemograma completo', 'pre_op_lab', true, null),
  creatinine: type('pre_op_lab.creatinina', 'Creatinina', 'pre_op_lab', true, null),
  zinc: type('pre_op_lab.zinco', 'Zinco', 'pre_op_lab', false, null),
  surgeon1: type('post_op_1mes.cirurgiao', 'Consulta com cirurgião', 'post_op_1mes', true, 1),
  surgeon12: type('post_op_12_15mes.cirurgiao', 'Consulta com cirurgião', 'post_op_12_15mes', true, 12),
  zinc6: type('post_op_6mes.zinco', 'Zinco', 'post_op_6mes', false, 6),
} satisfies Record<string, ProcedureType>;
export const catalogue: readonly ProcedureType[] = Object.values(types);

export const registered = (details: PatientDetails = maria, patientId = PATIENT_ID): PatientEvent =>
  PatientRegistered.create({ patientId, ...details });

export const assigned = (
  n: number,
  procedureType: ProcedureType,
  scheduledDate: string | null = null,
  reason: ProcedureAssigned['data']['reason'] = 'registration',
): PatientEvent =>
  ProcedureAssigned.create({
    patientId: PATIENT_ID,
    procedureId: procedureId(n),
    procedureType,
    status: 'pending',
    scheduledDate,
    reason,
  });

export const completed = (
  n: number,
  completedDate: string,
  details: { location?: string | null; professionalName?: string | null; notes?: string | null } = {},
): PatientEvent =>
  ProcedureCompleted.create({
    patientId: PATIENT_ID,
    procedureId: procedureId(n),
    completedDate,
    location: details.location ?? null,
    professionalName: details.professionalName ?? null,
    notes: details.notes ?? null,
  });

export const deleted = (): PatientEvent => PatientDeleted.create({ patientId: PATIENT_ID, name: maria.name });

export const imported = (
  n: number,
  procedureType: ProcedureType,
  values: { status: 'pending' | 'completed'; scheduledDate?: string | null; completedDate?: string | null },
): PatientEvent =>
  LegacyProcedureImported.create({
    patientId: PATIENT_ID,
    procedureId: procedureId(n),
    procedureType,
    status: values.status,
    scheduledDate: values.scheduledDate ?? null,
    completedDate: values.completedDate ?? null,
    location: null,
    professionalName: null,
    notes: null,
  });

/**
 * Maria as registration leaves her with the small catalogue (surgery 2025-01-10): procedures
 * 1–5 are the required types in order; post-operative ones scheduled from the surgery date.
 */
export const mariaRegistered = (): PatientEvent[] => [
  registered(),
  assigned(1, types.endoscopy),
  assigned(2, types.bloodCount),
  assigned(3, types.creatinine),
  assigned(4, types.surgeon1, '2025-02-09'),
  assigned(5, types.surgeon12, '2026-02-25'),
];
