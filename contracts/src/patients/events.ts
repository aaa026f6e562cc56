import { z } from 'zod';
import { defineEvent } from '../events/define-event.ts';
import { ProcedureTypeSchema } from '../protocol/procedure-type.ts';
import { PatientDetailsSchema, PatientIdSchema, StoredDateSchema } from './fields.ts';
import { ProcedureIdSchema, ProcedureRecordSchema } from './procedure.ts';

/*
 * One stream per patient, `patient-<patientId>`, holds the patient and its procedures, so a
 * procedure changes the patient's revision and every rule that spans procedures (no two of one
 * type, dates in line with the surgery date) is checked against one consistent state.
 * Who acted, from where and when travels in the event metadata, not here.
 *
 * Event data is checked for shape only (strings, nulls, `yyyy-MM-dd` dates): the rules of
 * the forms are the commands' business, and a stored event must stay readable forever, even
 * after a rule is tightened (a new CNS check, a narrower SISREG format).
 */

const ProcedureDetailsSchema = z.object({
  location: z.string().nullable(),
  professionalName: z.string().nullable(),
  notes: z.string().nullable(),
});

export const PatientRegistered = defineEvent(
  'PatientRegistered',
  PatientDetailsSchema.extend({ patientId: PatientIdSchema }),
);
export type PatientRegistered = ReturnType<typeof PatientRegistered.create>;

/** Only the fields that changed, with their new values (null clears an optional field). */
export const PatientUpdated = defineEvent(
  'PatientUpdated',
  z.object({ patientId: PatientIdSchema, changes: PatientDetailsSchema.partial() }),
);
export type PatientUpdated = ReturnType<typeof PatientUpdated.create>;

/**
 * The patient and its procedures leave every read model; the stream stays for the audit trail.
 * `reason`: why, as the user typed it ('Motivo da exclusão'); the decider writes it on every
 * new deletion (`DeletionReasonSchema`'s rules). Absent: a deletion written before the reason
 * was asked, which stays readable as it is.
 */
export const PatientDeleted = defineEvent(
  'PatientDeleted',
  z.object({ patientId: PatientIdSchema, name: z.string(), reason: z.string().optional() }),
);
export type PatientDeleted = ReturnType<typeof PatientDeleted.create>;

/**
 * A procedure of a type is added to the patient, pending. It carries a copy of its type
 * (types never change), so the patient's state and the read models need no lookup.
 */
export const ProcedureAssigned = defineEvent(
  'ProcedureAssigned',
  z.object({
    patientId: PatientIdSchema,
    procedureId: ProcedureIdSchema,
    procedureType: ProcedureTypeSchema,
    status: z.literal('pending'),
    scheduledDate: StoredDateSchema.nullable(),
    /** registration: the required set; added: the add-procedure dialog; recorded: the
     * 'Registrar Procedimento' form (a ProcedureCompleted follows); migration: 'Atualizar Procedimentos'. */
    reason: z.enum(['registration', 'added', 'recorded', 'migration']),
  }),
);
export type ProcedureAssigned = ReturnType<typeof ProcedureAssigned.create>;

/**
 * The procedures one decision assigned, pending, in one event: every required type at
 * registration, or the types a patient lacked when 'Atualizar Procedimentos' ran. Written
 * instead of one `ProcedureAssigned` per type (93 events per registration); streams written
 * before it keep their `ProcedureAssigned` events, which every reader still folds.
 */
export const RequiredProceduresAssigned = defineEvent(
  'RequiredProceduresAssigned',
  z.object({
    patientId: PatientIdSchema,
    procedures: z.array(
      z.object({
        procedureId: ProcedureIdSchema,
        procedureType: ProcedureTypeSchema,
        scheduledDate: StoredDateSchema.nullable(),
      }),
    ),
    reason: z.enum(['registration', 'migration']),
  }),
);
export type RequiredProceduresAssigned = ReturnType<typeof RequiredProceduresAssigned.create>;

/** A pending procedure was done on `completedDate`. */
export const ProcedureCompleted = defineEvent(
  'ProcedureCompleted',
  ProcedureDetailsSchema.extend({
    patientId: PatientIdSchema,
    procedureId: ProcedureIdSchema,
    completedDate: StoredDateSchema,
  }),
);
export type ProcedureCompleted = ReturnType<typeof ProcedureCompleted.create>;

/** A completed procedure's date or details were corrected (all values as they now are). */
export const ProcedureCompletionChanged = defineEvent('ProcedureCompletionChanged', ProcedureCompleted.data);
export type ProcedureCompletionChanged = ReturnType<typeof ProcedureCompletionChanged.create>;

/** The procedure is pending again and has no completion date. */
export const ProcedureReopened = defineEvent(
  'ProcedureReopened',
  z.object({
    patientId: PatientIdSchema,
    procedureId: ProcedureIdSchema,
    /** staff: unticked; the others: corrections of 'fix-production-data'. */
    reason: z.enum(['staff', 'completed_without_date', 'pending_with_date']),
  }),
);
export type ProcedureReopened = ReturnType<typeof ProcedureReopened.create>;

/** A pending post-operative procedure's scheduled date moved. */
export const ProcedureRescheduled = defineEvent(
  'ProcedureRescheduled',
  z.object({
    patientId: PatientIdSchema,
    procedureId: ProcedureIdSchema,
    scheduledDate: StoredDateSchema.nullable(),
    previousScheduledDate: StoredDateSchema.nullable(),
    /**
     * base_date_changed: the surgery (or admission) date was edited; data_fix:
     * 'fix-production-data'; reopened: made pending again, it is scheduled from the current
     * surgery (or admission) date, which may have moved while it was completed.
     */
    reason: z.enum(['base_date_changed', 'data_fix', 'reopened']),
  }),
);
export type ProcedureRescheduled = ReturnType<typeof ProcedureRescheduled.create>;

/** A procedure left the patient: a duplicate of a required type removed by 'fix-production-data'. */
export const ProcedureRemoved = defineEvent(
  'ProcedureRemoved',
  z.object({ patientId: PatientIdSchema, procedureId: ProcedureIdSchema, reason: z.enum(['duplicate']) }),
);
export type ProcedureRemoved = ReturnType<typeof ProcedureRemoved.create>;

/**
 * A procedure brought over from the previous system as it was there, inconsistencies included
 * (completed without a date, pending with one, duplicates). Nothing in this system produces
 * such states; 'fix-production-data' exists to correct them, through events.
 */
export const LegacyProcedureImported = defineEvent(
  'LegacyProcedureImported',
  ProcedureRecordSchema.omit({ id: true, procedureTypeId: true }).extend({
    procedureId: ProcedureIdSchema,
    scheduledDate: StoredDateSchema.nullable(),
    completedDate: StoredDateSchema.nullable(),
  }),
);
export type LegacyProcedureImported = ReturnType<typeof LegacyProcedureImported.create>;

/** Every event of a `patient-<id>` stream. */
export const patientEvents = [
  PatientRegistered,
  PatientUpdated,
  PatientDeleted,
  ProcedureAssigned,
  RequiredProceduresAssigned,
  ProcedureCompleted,
  ProcedureCompletionChanged,
  ProcedureReopened,
  ProcedureRescheduled,
  ProcedureRemoved,
  LegacyProcedureImported,
] as const;
export const PatientEventSchema = z.discriminatedUnion('type', [
  PatientRegistered.schema,
  PatientUpdated.schema,
  PatientDeleted.schema,
  ProcedureAssigned.schema,
  RequiredProceduresAssigned.schema,
  ProcedureCompleted.schema,
  ProcedureCompletionChanged.schema,
  ProcedureReopened.schema,
  ProcedureRescheduled.schema,
  ProcedureRemoved.schema,
  LegacyProcedureImported.schema,
]);
export type PatientEvent = z.infer<typeof PatientEventSchema>;

// ── CPF reservation (`patient-cpf-<cpf digits>`) ──────────────────────────────────────

/**
 * The CPF now belongs to this patient; a second patient with it is refused. Appended before
 * the patient's own stream is written (see `services/api/src/patients/cpf-reservation.ts`).
 */
export const PatientCpfReserved = defineEvent(
  'PatientCpfReserved',
  z.object({
    cpf: z.string().regex(/^\d{11}$/),
    patientId: PatientIdSchema,
    reservedAt: z.string().datetime({ offset: true }),
  }),
);
export type PatientCpfReserved = ReturnType<typeof PatientCpfReserved.create>;

/**
 * The CPF is free again: its patient was deleted, its patient's CPF was corrected, or the
 * reservation was orphaned (the patient stream was never written after it).
 */
export const PatientCpfReleased = defineEvent(
  'PatientCpfReleased',
  z.object({
    cpf: z.string().regex(/^\d{11}$/),
    patientId: PatientIdSchema,
    reason: z.enum(['patient_deleted', 'cpf_changed', 'orphaned']),
  }),
);
export type PatientCpfReleased = ReturnType<typeof PatientCpfReleased.create>;

export const CpfReservationEventSchema = z.discriminatedUnion('type', [
  PatientCpfReserved.schema,
  PatientCpfReleased.schema,
]);
export type CpfReservationEvent = z.infer<typeof CpfReservationEventSchema>;

// ── CNS reservation (`patient-cns-<15 digits>`) ───────────────────────────────────────

/**
 * The CNS now belongs to this patient, as its CPF does (`PatientCpfReserved`): a card number
 * names one person, so a second patient with it is refused.
 */
export const PatientCnsReserved = defineEvent(
  'PatientCnsReserved',
  z.object({
    cns: z.string().regex(/^\d{15}$/),
    patientId: PatientIdSchema,
    reservedAt: z.string().datetime({ offset: true }),
  }),
);
export type PatientCnsReserved = ReturnType<typeof PatientCnsReserved.create>;

/** The CNS is free again: its patient was deleted, its CNS corrected or removed, or the reservation orphaned. */
export const PatientCnsReleased = defineEvent(
  'PatientCnsReleased',
  z.object({
    cns: z.string().regex(/^\d{15}$/),
    patientId: PatientIdSchema,
    reason: z.enum(['patient_deleted', 'cns_changed', 'orphaned']),
  }),
);
export type PatientCnsReleased = ReturnType<typeof PatientCnsReleased.create>;

export const CnsReservationEventSchema = z.discriminatedUnion('type', [
  PatientCnsReserved.schema,
  PatientCnsReleased.schema,
]);
export type CnsReservationEvent = z.infer<typeof CnsReservationEventSchema>;
