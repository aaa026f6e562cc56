import {
  formatClinicDateTime,
  formatClinicalDate,
  maintenanceBehindMessage,
  maintenanceStoppedMessage,
  patientRefusalMessages as refusals,
  procedureMessages,
  type SurgerySideIssue,
} from '@bari/contracts';
import { DomainError } from '../shared/domain-error.ts';

/*
 * Refusals of the patient and procedure deciders. Messages are Portuguese and
 * safe to show; the kind tells the outer error handler the HTTP status (only it knows them).
 */

/**
 * A maintenance run refused because the patients' read model it lists from lags behind the
 * log: for a moment (try again in 5 s), or until someone mends its failed projection.
 */
export class PatientListBehind extends DomainError {
  constructor(failed: boolean) {
    super(
      'unavailable',
      failed ? maintenanceStoppedMessage : maintenanceBehindMessage,
      'READ_MODELS_BEHIND',
      failed ? undefined : 5,
    );
  }
}

export class PatientNotFound extends DomainError {
  constructor(readonly patientId: string) {
    super('not_found', refusals.patientNotFound, 'PATIENT_NOT_FOUND');
  }
}

/**
 * A patient since deleted, asked for by its id (reached from /audit): said so, with when and by
 * whom, rather than "not found". Still a 404: the patient is not there to be read or changed.
 */
export class PatientWasDeleted extends DomainError {
  constructor(
    readonly patientId: string,
    /** As the patient was named when deleted. */
    name: string,
    deletedAt: Date,
    deletedBy: string | null,
    /** Absent for a deletion written before the reason was asked. */
    reason?: string,
  ) {
    super(
      'not_found',
      refusals.patientDeleted(name, formatClinicDateTime(deletedAt), deletedBy, reason),
      'PATIENT_DELETED',
    );
  }
}

/**
 * A deletion without an acceptable reason (`DeletionReasonSchema`: 5 to 500 characters, with
 * something to read): said under the field, as a form's field errors are.
 */
export class InvalidDeletionReason extends DomainError {
  constructor(message: string) {
    super('invalid', message, 'DELETION_REASON_INVALID');
    this.fieldErrors = { reason: message };
  }
}

/** A registration reused an id whose stream already holds a patient (a retried or buggy command). */
export class PatientAlreadyRegistered extends DomainError {
  constructor(readonly patientId: string) {
    super('conflict', refusals.patientAlreadyRegistered, 'PATIENT_ALREADY_REGISTERED');
  }
}

export class DuplicateCpf extends DomainError {
  constructor(readonly cpf: string) {
    super('conflict', refusals.duplicateCpf, 'DUPLICATE_CPF');
    this.fieldErrors = { cpf: refusals.duplicateCpf };
  }
}

export class DuplicateCns extends DomainError {
  constructor(readonly cns: string) {
    super('conflict', refusals.duplicateCns, 'DUPLICATE_CNS');
    this.fieldErrors = { cns: refusals.duplicateCns };
  }
}

/** The client's version of the patient is not the current one: someone else changed it. */
export class StalePatient extends DomainError {
  constructor(
    readonly patientId: string,
    readonly expectedRevision: number,
    readonly actualRevision: number,
  ) {
    super('conflict', refusals.stalePatient, 'STALE_PATIENT');
  }
}

/**
 * A change or deletion of a patient that does not say which version it was based on (neither
 * `If-Match` nor `version`): applying it could silently overwrite someone else's change.
 */
export class PatientVersionRequired extends DomainError {
  constructor(readonly patientId: string) {
    super('precondition_required', refusals.versionRequired, 'PATIENT_VERSION_REQUIRED');
  }
}

/** Discharge or surgery before admission (`patientDateIssues`), found against the stored dates. */
export class PatientDatesOutOfOrder extends DomainError {
  constructor(
    readonly field: 'dischargeDate' | 'surgeryDate',
    message: string,
  ) {
    super('invalid', message, 'PATIENT_DATES_OUT_OF_ORDER');
    this.fieldErrors = { [field]: message };
  }
}

export class ProcedureNotFound extends DomainError {
  constructor(readonly procedureId: string) {
    super('not_found', refusals.procedureNotFound, 'PROCEDURE_NOT_FOUND');
  }
}

/** The patient already has a procedure of this type (pending or completed). */
export class ProcedureAlreadyAssigned extends DomainError {
  constructor(readonly procedureTypeId: string) {
    super('conflict', refusals.procedureAlreadyAssigned, 'PROCEDURE_ALREADY_ASSIGNED');
  }
}

/** The registration form chose a type the patient has already completed. */
export class ProcedureAlreadyCompleted extends DomainError {
  constructor(readonly procedureTypeId: string) {
    super('conflict', refusals.procedureAlreadyCompleted, 'PROCEDURE_ALREADY_COMPLETED');
  }
}

/**
 * A tick, untick or re-dating sent from a page that showed the procedure otherwise than it now
 * is (another nurse changed it meanwhile): applied, it would overwrite their record.
 */
export class StaleProcedure extends DomainError {
  constructor(readonly procedureId: string) {
    super('conflict', refusals.staleProcedure, 'STALE_PROCEDURE');
  }
}

const SURGERY_SIDE_REFUSALS = {
  before_surgery: { say: procedureMessages.postOperativeBeforeSurgery, code: 'COMPLETION_BEFORE_SURGERY' },
  after_surgery: { say: procedureMessages.preOperativeAfterSurgery, code: 'COMPLETION_AFTER_SURGERY' },
} as const;

/**
 * A completion dated on the wrong side of the patient's surgery (`surgerySideIssue`): a
 * post-operative procedure before it, a pre-operative one after it. A date typed wrong, or
 * today left as proposed; said under the date.
 */
export class CompletionOnWrongSideOfSurgery extends DomainError {
  constructor(
    readonly issue: SurgerySideIssue,
    readonly completedDate: string,
    readonly surgeryDate: string,
  ) {
    const { say, code } = SURGERY_SIDE_REFUSALS[issue];
    const message = say(formatClinicalDate(surgeryDate));
    super('invalid', message, code);
    this.fieldErrors = { completedDate: message };
  }
}

/** A procedure completed after today (São Paulo): a clinical record cannot be dated in the future. */
export class FutureCompletionDate extends DomainError {
  constructor(
    readonly completedDate: string,
    readonly today: string,
  ) {
    super('invalid', procedureMessages.completedDateInFuture, 'FUTURE_COMPLETION_DATE');
  }
}
