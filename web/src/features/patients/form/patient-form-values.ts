import { formatCpf, type PatientDetails, type PatientForm, type PatientFormInput } from '@bari/contracts';
import type { DefaultValues } from 'react-hook-form';

/**
 * What the form holds while it is edited: the contract's input shape, every text as a string
 * ('' for an empty optional field, which the schema turns into null).
 */
export type PatientFormValues = PatientFormInput;

/** What `PatientFormSchema` makes of it: the body of POST and PATCH /api/patients. */
export type PatientFormOutput = PatientForm;

/** A new patient: no municipality until one is chosen (the schema then says it is required). */
export const EMPTY_PATIENT_FORM: DefaultValues<PatientFormValues> = {
  name: '',
  cpf: '',
  cns: '',
  admissionDate: '',
  dischargeDate: '',
  surgeryDate: '',
  surgeryLocation: '',
  surgeonName: '',
  aihNumber: '',
  sisregCode: '',
  notes: '',
};

/** The edit form of a stored patient: the CPF masked again, nulls as empty fields. */
export function patientToFormValues(patient: PatientDetails): PatientFormValues {
  const { ibgeCode, name, uf } = patient.municipality;
  return {
    name: patient.name,
    cpf: formatCpf(patient.cpf),
    cns: patient.cns ?? '',
    municipality: { ibgeCode, name, uf },
    admissionDate: patient.admissionDate,
    dischargeDate: patient.dischargeDate ?? '',
    surgeryDate: patient.surgeryDate ?? '',
    surgeryLocation: patient.surgeryLocation,
    surgeonName: patient.surgeonName,
    aihNumber: patient.aihNumber ?? '',
    sisregCode: patient.sisregCode ?? '',
    notes: patient.notes ?? '',
  };
}
