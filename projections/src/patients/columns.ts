import type { ColumnMap } from '../shared/columns.ts';

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
} as const satisfies ColumnMap;

/** The `patient_procedures` table (its `seq` identity column numbers the rows in assignment order). */
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
} as const satisfies ColumnMap;
