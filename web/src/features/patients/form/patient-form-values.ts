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

export type PatientFormField = keyof PatientFormValues;

/** Whether two of the form's values are the same (the municipality is an object; an absent value is empty). */
export const sameFormValue = (a: unknown, b: unknown): boolean =>
  JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

export interface ConflictMerge {
  /** The form's values after the merge: the nurse's own changes kept, the other person's shown. */
  readonly values: PatientFormValues;
  /** Whether the other person changed a field of the form (otherwise only its procedures moved). */
  readonly othersChanged: boolean;
  /** Fields both changed, each to its own value: the other person's is shown. */
  readonly overwritten: readonly PatientFormField[];
}

/**
 * After a save refused because someone else changed the patient (409): `base` is what the form
 * was filled with, `mine` the form as the nurse left it, `theirs` the patient as it now is. A
 * field only the nurse changed keeps her value; a field the other person changed shows theirs,
 * also when she changed it too (listed in `overwritten`): what is saved next is decided on what
 * the other person wrote, and nothing she typed elsewhere is lost.
 */
export function mergeAfterConflict(
  base: PatientFormValues,
  mine: PatientFormValues,
  theirs: PatientFormValues,
): ConflictMerge {
  const values = { ...theirs } as Record<PatientFormField, unknown>;
  const overwritten: PatientFormField[] = [];
  let othersChanged = false;
  for (const field of Object.keys(theirs) as PatientFormField[]) {
    const changedByThem = !sameFormValue(theirs[field], base[field]);
    const changedByMe = !sameFormValue(mine[field], base[field]);
    othersChanged ||= changedByThem;
    if (!changedByThem) values[field] = mine[field];
    else if (changedByMe && !sameFormValue(mine[field], theirs[field])) overwritten.push(field);
  }
  return { values: values as PatientFormValues, othersChanged, overwritten };
}
