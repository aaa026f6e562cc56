import { patientRefusalMessages as refusals } from '@bari/contracts';
import { DomainError } from '../shared/domain-error.ts';

/* Refusals about procedure types (the catalogue and the add-procedure dialog's new types). */

export class ProcedureTypeNotFound extends DomainError {
  constructor(readonly procedureTypeId: string) {
    super('not_found', refusals.procedureTypeNotFound, 'PROCEDURE_TYPE_NOT_FOUND');
  }
}

/** Another type of the same category has this name (accents and case aside). */
export class DuplicateProcedureType extends DomainError {
  constructor(
    readonly category: string,
    readonly typeName: string,
  ) {
    super('conflict', refusals.duplicateProcedureType, 'DUPLICATE_PROCEDURE_TYPE');
  }
}

/**
 * Only administrators define required types: a required type joins the protocol of every
 * patient ('Atualizar Procedimentos' assigns it to all of them).
 */
export class RequiredProcedureTypeForbidden extends DomainError {
  constructor() {
    super('forbidden', refusals.requiredProcedureTypeForbidden, 'REQUIRED_PROCEDURE_TYPE_FORBIDDEN');
  }
}
