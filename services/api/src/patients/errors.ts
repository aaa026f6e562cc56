import { procedureMessages } from '@bari/contracts';
import { DomainError } from '../shared/domain-error.ts';

/*
 * Refusals of the patient, procedure and procedure-type deciders. Messages are Portuguese and
 * safe to show; the kind tells the outer error handler the HTTP status (only it knows them).
 */

export class PatientNotFound extends DomainError {
  constructor(readonly patientId: string) {
    super('not_found', 'Paciente não encontrado');
  }
}

/** A registration reused an id whose stream already holds a patient (a retried or buggy command). */
export class PatientAlreadyRegistered extends DomainError {
  constructor(readonly patientId: string) {
    super('conflict', 'Este paciente já está cadastrado');
  }
}

export class DuplicateCpf extends DomainError {
  constructor(readonly cpf: string) {
    super('conflict', 'Já existe um paciente com este CPF');
  }
}

/** The client's version of the patient is not the current one: someone else changed it. */
export class StalePatient extends DomainError {
  constructor(
    readonly patientId: string,
    readonly expectedRevision: number,
    readonly actualRevision: number,
  ) {
    super('conflict', 'Este paciente foi alterado por outra pessoa. Recarregue a página e tente novamente.');
  }
}

/**
 * A change or deletion of a patient that does not say which version it was based on (neither
 * `If-Match` nor `version`): applying it could silently overwrite someone else's change.
 */
export class PatientVersionRequired extends DomainError {
  constructor(readonly patientId: string) {
    super(
      'precondition_required',
      'Informe a versão do paciente (If-Match ou version) para evitar sobrescrever alterações de outra pessoa.',
    );
  }
}

/** Discharge or surgery before admission (`patientDateIssues`), found against the stored dates. */
export class PatientDatesOutOfOrder extends DomainError {
  constructor(
    readonly field: 'dischargeDate' | 'surgeryDate',
    message: string,
  ) {
    super('invalid', message);
  }
}

export class ProcedureNotFound extends DomainError {
  constructor(readonly procedureId: string) {
    super('not_found', 'Procedimento não encontrado');
  }
}

export class ProcedureTypeNotFound extends DomainError {
  constructor(readonly procedureTypeId: string) {
    super('not_found', 'Tipo de procedimento não encontrado');
  }
}

/** The patient already has a procedure of this type (pending or completed). */
export class ProcedureAlreadyAssigned extends DomainError {
  constructor(readonly procedureTypeId: string) {
    super('conflict', 'Este procedimento já faz parte do acompanhamento do paciente');
  }
}

/** The registration form chose a type the patient has already completed. */
export class ProcedureAlreadyCompleted extends DomainError {
  constructor(readonly procedureTypeId: string) {
    super('conflict', 'Este procedimento já foi registrado como concluído para o paciente');
  }
}

/** Another type of the same category has this name (accents and case aside). */
export class DuplicateProcedureType extends DomainError {
  constructor(
    readonly category: string,
    readonly typeName: string,
  ) {
    super('conflict', 'Já existe um procedimento com este nome nesta categoria');
  }
}

/** A procedure completed after today (São Paulo): a clinical record cannot be dated in the future. */
export class FutureCompletionDate extends DomainError {
  constructor(
    readonly completedDate: string,
    readonly today: string,
  ) {
    super('invalid', procedureMessages.completedDateInFuture);
  }
}

/**
 * Only administrators define required types: a required type joins the protocol of every
 * patient ('Atualizar Procedimentos' assigns it to all of them).
 */
export class RequiredProcedureTypeForbidden extends DomainError {
  constructor() {
    super(
      'forbidden',
      'Apenas administradores podem criar procedimentos obrigatórios, pois eles passam a valer para todos os pacientes.',
    );
  }
}
