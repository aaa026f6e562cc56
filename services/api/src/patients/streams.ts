import { PatientEventReadSchema } from '@bari/contracts';
import type { IdentifierKind } from './identifier-reservation.ts';

/*
 * Streams of the patients context, one per aggregate:
 * - `patient-<patientId>`: the patient and its procedures (PatientEvent);
 * - `patient-cpf-<11 digits>`, `patient-cns-<15 digits>`: who holds a CPF, a CNS
 *   (`identifier-reservation.ts`).
 * The `procedure-types` stream is the procedure-types feature's (`procedure-types/streams.ts`).
 */

export const patientStreamId = (patientId: string): string => `patient-${patientId}`;
export const reservationStreamId = (identifier: IdentifierKind, value: string): string =>
  `patient-${identifier.prefix}-${identifier.normalize(value)}`;

/** `{id, eventSchema}` pairs as the command handler (`handleCommand`) takes them. */
export const patientStream = (patientId: string) => ({
  id: patientStreamId(patientId),
  // The contract as read back: a registration's procedure types checked once per object.
  eventSchema: PatientEventReadSchema,
});
export const reservationStream = (identifier: IdentifierKind, value: string) => ({
  id: reservationStreamId(identifier, value),
  eventSchema: identifier.eventSchema,
});
