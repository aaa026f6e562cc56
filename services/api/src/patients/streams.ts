import { CpfReservationEventSchema, PatientEventReadSchema, normalizeCpf } from '@bari/contracts';

/*
 * Streams of the patients context, one per aggregate:
 * - `patient-<patientId>`: the patient and its procedures (PatientEvent);
 * - `patient-cpf-<11 digits>`: who holds a CPF (CpfReservationEvent).
 * The `procedure-types` stream is the procedure-types feature's (`procedure-types/streams.ts`).
 */

export const patientStreamId = (patientId: string): string => `patient-${patientId}`;
export const cpfReservationStreamId = (cpf: string): string => `patient-cpf-${normalizeCpf(cpf)}`;

/** `{id, eventSchema}` pairs as the command handler (`handleCommand`) takes them. */
export const patientStream = (patientId: string) => ({
  id: patientStreamId(patientId),
  // The contract as read back: a registration's procedure types checked once per object.
  eventSchema: PatientEventReadSchema,
});
export const cpfReservationStream = (cpf: string) => ({
  id: cpfReservationStreamId(cpf),
  eventSchema: CpfReservationEventSchema,
});
