import type { ColumnMap } from '../shared/columns.ts';
import { PROCEDURE_TYPE_FIELD_COLUMNS } from '../procedure-types/projection.ts';

/**
 * The `patients` table, field by field: the one place its columns are named. The fields are
 * `PatientDto`'s (municipality spread over three columns), the folded search copies and the
 * procedure counters.
 */
export const PATIENT_COLUMNS = {
  id: { column: 'id', type: 'uuid' },
  version: { column: 'version', type: 'integer' },
  registeredAt: { column: 'registered_at', type: 'timestamptz' },
  name: { column: 'name', type: 'text' },
  cpf: { column: 'cpf', type: 'text' },
  cns: { column: 'cns', type: 'text' },
  municipalityIbgeCode: { column: 'municipality_ibge_code', type: 'text' },
  municipalityName: { column: 'municipality_name', type: 'text' },
  municipalityUf: { column: 'municipality_uf', type: 'text' },
  admissionDate: { column: 'admission_date', type: 'date' },
  dischargeDate: { column: 'discharge_date', type: 'date' },
  surgeryDate: { column: 'surgery_date', type: 'date' },
  surgeryLocation: { column: 'surgery_location', type: 'text' },
  surgeonName: { column: 'surgeon_name', type: 'text' },
  aihNumber: { column: 'aih_number', type: 'text' },
  sisregCode: { column: 'sisreg_code', type: 'text' },
  notes: { column: 'notes', type: 'text' },
  searchName: { column: 'search_name', type: 'text' },
  searchMunicipality: { column: 'search_municipality', type: 'text' },
  totalProcedures: { column: 'total_procedures', type: 'integer' },
  completedProcedures: { column: 'completed_procedures', type: 'integer' },
  requiredProcedures: { column: 'required_procedures', type: 'integer' },
  completedRequiredProcedures: { column: 'completed_required_procedures', type: 'integer' },
  /** Procedures assigned so far, removed ones included: the next one's `ordinal`. */
  assignedProcedures: { column: 'assigned_procedures', type: 'integer' },
} as const satisfies ColumnMap;

/**
 * The `patient_procedures` table: a row for each procedure assigned alone and for each one an
 * event changed after its bulk assignment (the others are listed: `PROCEDURE_LIST_COLUMNS`).
 */
export const PROCEDURE_COLUMNS = {
  id: { column: 'id', type: 'uuid' },
  patientId: { column: 'patient_id', type: 'uuid' },
  procedureTypeId: { column: 'procedure_type_id', type: 'text' },
  typeName: { column: 'type_name', type: 'text' },
  typeCategory: { column: 'type_category', type: 'text' },
  typePhase: { column: 'type_phase', type: 'text' },
  typeIsRequired: { column: 'type_is_required', type: 'boolean' },
  typeScheduledMonth: { column: 'type_scheduled_month', type: 'integer' },
  status: { column: 'status', type: 'text' },
  scheduledDate: { column: 'scheduled_date', type: 'date' },
  completedDate: { column: 'completed_date', type: 'date' },
  location: { column: 'location', type: 'text' },
  professionalName: { column: 'professional_name', type: 'text' },
  notes: { column: 'notes', type: 'text' },
  /** Its place in the patient's timeline (assignment order, counted per patient from 0). */
  ordinal: { column: 'ordinal', type: 'integer' },
} as const satisfies ColumnMap;

/**
 * The `patient_procedure_lists` table: per patient, the procedures of its bulk assignments that
 * no event has changed since, as parallel arrays (the i-th element of each is one procedure).
 */
export const PROCEDURE_LIST_COLUMNS = {
  patientId: { column: 'patient_id', type: 'uuid' },
  procedureIds: { column: 'procedure_ids', type: 'uuid[]' },
  typeIds: { column: 'type_ids', type: 'text[]' },
  scheduledDates: { column: 'scheduled_dates', type: 'date[]' },
  ordinals: { column: 'ordinals', type: 'integer[]' },
} as const satisfies ColumnMap;

/** The `patient_procedure_types` table: the types the lists name, field by field. */
export const PROCEDURE_TYPE_COLUMNS = PROCEDURE_TYPE_FIELD_COLUMNS;

/** What a new row of `patient_procedure_types` holds: the type, and its text on the patient page. */
export const PROCEDURE_TYPE_ROW_COLUMNS = {
  ...PROCEDURE_TYPE_COLUMNS,
  pageJson: { column: 'page_json', type: 'text' },
} as const satisfies ColumnMap;
