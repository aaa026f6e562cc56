import {
  CpfReservationEventSchema,
  PatientEventSchema,
  ProcedureTypeEventSchema,
  normalizeCpf,
} from '@bari/contracts';

/*
 * Streams of the patients context, one per aggregate:
 * - `patient-<patientId>`: the patient and its procedures (PatientEvent);
 * - `patient-cpf-<11 digits>`: who holds a CPF (CpfReservationEvent);
 * - `procedure-types`: the catalogue, one stream so names are unique per category.
 */

export const patientStreamId = (patientId: string): string => `patient-${patientId}`;
export const cpfReservationStreamId = (cpf: string): string => `patient-cpf-${normalizeCpf(cpf)}`;
export const PROCEDURE_TYPES_STREAM_ID = 'procedure-types';

/** `{id, eventSchema}` pairs as the command handler (`handleCommand`) takes them. */
export const patientStream = (patientId: string) => ({
  id: patientStreamId(patientId),
  eventSchema: PatientEventSchema,
});
export const cpfReservationStream = (cpf: string) => ({
  id: cpfReservationStreamId(cpf),
  eventSchema: CpfReservationEventSchema,
});
export const procedureTypesStream = () => ({
  id: PROCEDURE_TYPES_STREAM_ID,
  eventSchema: ProcedureTypeEventSchema,
});
