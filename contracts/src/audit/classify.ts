import type { PatientEvent } from '../patients/events.ts';
import type { AuditAction } from './actions.ts';

/** The audit action of an event of a `patient-<id>` stream (the audit log and the history agree). */
export function patientEventAction(event: PatientEvent): AuditAction {
  switch (event.type) {
    case 'PatientRegistered':
      return 'CREATE_PATIENT';
    case 'PatientUpdated':
      return 'UPDATE_PATIENT';
    case 'PatientDeleted':
      return 'DELETE_PATIENT';
    case 'ProcedureAssigned':
      return event.data.reason === 'added' || event.data.reason === 'recorded'
        ? 'ADD_PROCEDURE'
        : 'ASSIGN_PROCEDURES';
    case 'RequiredProceduresAssigned':
      return 'ASSIGN_PROCEDURES';
    case 'ProcedureCompleted':
      return 'COMPLETE_PROCEDURE';
    case 'ProcedureCompletionChanged':
      return 'UPDATE_PROCEDURE';
    case 'ProcedureReopened':
      return 'REOPEN_PROCEDURE';
    case 'ProcedureRescheduled':
      return 'RESCHEDULE_PROCEDURE';
    case 'ProcedureRemoved':
      return 'REMOVE_PROCEDURE';
    case 'LegacyProcedureImported':
      return 'IMPORT_PROCEDURE';
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled patient event ${JSON.stringify(unhandled)}`);
    }
  }
}
