import {
  MAINTENANCE_STREAM_ID,
  MaintenanceRan,
  clinicToday,
  moreSkippedLine,
  patientSkippedLine,
  runMigrationMessage,
  type EventMetadata,
  type FixProductionDataResponse,
  type RunMigrationResponse,
} from '@bari/contracts';
import { patientsProjection, type PatientQueries } from '@bari/projections';
import { loadAggregate, withoutWaiting } from '../shared/command-handler.ts';
import { newIds, runPatientCommand, type PatientServiceDependencies } from './application.ts';
import { patientDecider } from './business-logic.ts';
import { describeCorrections, duplicatesToReview, fixProcedureData } from './data-fixes.ts';
import { PatientListBehind, PatientNotFound } from './errors.ts';
import { patientStream } from './streams.ts';
import { ensureProtocolCatalogue } from '../procedure-types/catalogue.ts';
import { newId } from '../shared/new-id.ts';
import { ContractViolation, DomainError } from '../shared/domain-error.ts';

/*
 * The administrators' maintenance commands. The fix visits every live patient, the migration
 * those the read model shows lacking a required type (the lists come from the read model, once
 * it has caught up with the log; each decision is made on the patient's own stream). Both are
 * idempotent: a second run finds nothing to do. A patient deleted meanwhile is skipped.
 * They wait for the read models once, after the last patient, not after each one.
 */

export interface MaintenanceDependencies extends PatientServiceDependencies {
  readonly patients: Pick<PatientQueries, 'patientIds' | 'patientIdsLacking' | 'idsWithCns' | 'namesOf'>;
  /** Whether the patients projection stopped on a failure (its checkpoint holds an error). */
  readonly patientsProjectionFailed: () => Promise<boolean>;
}

/**
 * The patients' read model caught up with the whole log, before a run lists patients from it:
 * a lagging one would leave out patients registered last (and the run would say it was done).
 * Refused (503, nothing changed) when it does not catch up in time.
 */
async function awaitPatientList(deps: MaintenanceDependencies): Promise<void> {
  const head = await deps.eventStore.headPosition();
  if (head !== undefined && !(await deps.waitForProjections(head, undefined, [patientsProjection.name]))) {
    throw new PatientListBehind(await deps.patientsProjectionFailed());
  }
}

/** This many patients in a row skipped from the start of a run is no longer a bad stream. */
const SYSTEMIC_FAILURE_AFTER = 10;

/**
 * Runs `command` for each of `patientIds` without waiting, records the run (`MaintenanceRan`:
 * who, when, how many patients and changes; also when nothing changed), then waits once for
 * the read models. `command` answers how many changes it made to its patient. A patient whose
 * stream cannot be read or whose command is refused is skipped, logged and counted: one bad
 * stream must not stop the run for every patient after it. Answers the skipped patients' ids.
 */
async function forEachPatient(
  deps: MaintenanceDependencies,
  operation: MaintenanceRan['data']['operation'],
  patientIds: readonly string[],
  metadata: EventMetadata,
  command: (patientId: string) => Promise<number>,
): Promise<string[]> {
  let patients = 0;
  let changes = 0;
  let visited = 0;
  const skipped: string[] = [];
  for (const patientId of patientIds) {
    try {
      visited += 1;
      const made = await command(patientId);
      if (made > 0) patients += 1;
      changes += made;
    } catch (error) {
      if (error instanceof PatientNotFound) continue;
      // Anything else (the database, the network) would fail every patient: the run stops.
      if (!(error instanceof ContractViolation || error instanceof DomainError)) throw error;
      deps.logger.error(
        { err: error, patientId, operation, correlationId: metadata.correlationId },
        'maintenance skipped a patient',
      );
      skipped.push(patientId);
      // Every patient so far unreadable: this release cannot read the log (a rollback past
      // a newer one's events, a broken upcaster), not one bad stream. The run stops unrecorded.
      if (skipped.length === visited && visited >= SYSTEMIC_FAILURE_AFTER) throw error;
    }
  }
  const run = MaintenanceRan.create({ operation, patients, changes, skipped: skipped.length });
  const { position } = await deps.eventStore.appendToStream(
    MAINTENANCE_STREAM_ID,
    [{ id: newId(), ...run, metadata }],
    'any',
  );
  if (!(await deps.waitForProjections(position))) {
    deps.logger.warn('read models lag behind the maintenance command');
  }
  return skipped;
}

/**
 * 'Atualizar Procedimentos' (`POST /api/admin/run-migration`): brings in any catalogue type a
 * release added, then assigns to every patient each required type they lack.
 */
export async function runMigration(
  deps: MaintenanceDependencies,
  metadata: EventMetadata,
): Promise<RunMigrationResponse> {
  await awaitPatientList(deps);
  await ensureProtocolCatalogue(deps, metadata);
  const procedureTypes = await deps.procedureTypes.current();
  const today = clinicToday(deps.now());
  let added = 0;
  const required = procedureTypes.filter((type) => type.isRequired).map((type) => type.id);
  const lacking = await deps.patients.patientIdsLacking(required);
  const skipped = await forEachPatient(deps, 'run_migration', lacking, metadata, async (patientId) => {
    const result = await runPatientCommand(
      withoutWaiting(deps),
      patientId,
      {
        type: 'AssignMissingRequiredProcedures',
        data: { patientId, procedureTypes, newProcedureIds: newIds(procedureTypes.length), today },
      },
      metadata,
    );
    // One event per patient lacking types: count the procedures it assigns.
    const assigned = result.events.flatMap((event) =>
      event.type === 'RequiredProceduresAssigned' ? event.data.procedures : [],
    ).length;
    added += assigned;
    return assigned;
  });
  return {
    message: runMigrationMessage(added, skipped.length, metadata.correlationId),
    added,
    skipped: skipped.length,
  };
}

/**
 * `POST /api/admin/fix-production-data`: duplicates of a required type, completed without a
 * date, pending with one, post-operative dates out of line with the surgery date — each
 * corrected by an event, each described in one Portuguese line; duplicates that each hold a
 * record are kept and listed for review (`toReview`).
 */
/** The skipped patients listed by name in the answer; the rest counted (each is in the log). */
const SKIPPED_LINES_SHOWN = 50;

export async function fixProductionData(
  deps: MaintenanceDependencies,
  metadata: EventMetadata,
): Promise<FixProductionDataResponse> {
  const corrections: string[] = [];
  const toReview: string[] = [];
  await awaitPatientList(deps);
  const patientIds = await deps.patients.patientIds();
  const skipped = await forEachPatient(
    deps,
    'fix_production_data',
    patientIds,
    metadata,
    async (patientId) => {
      const command = {
        type: 'FixProcedureData',
        data: { patientId, today: clinicToday(deps.now()) },
      } as const;
      const loaded = await loadAggregate(deps.eventStore, patientStream(patientId), patientDecider);
      const { state } = loaded;
      if (state.kind !== 'Registered') return 0;
      // Most patients need nothing: decide on what was just read before going through the handler.
      if (fixProcedureData(command, state).length === 0) {
        toReview.push(...duplicatesToReview(state));
        return 0;
      }
      const result = await runPatientCommand(withoutWaiting(deps), patientId, command, metadata, { loaded });
      const described = describeCorrections(state, result.events);
      corrections.push(...described);
      toReview.push(...duplicatesToReview(result.state));
      return described.length || result.events.length;
    },
  );
  const names = await deps.patients.namesOf(skipped.slice(0, SKIPPED_LINES_SHOWN));
  const skippedPatients = skipped
    .slice(0, SKIPPED_LINES_SHOWN)
    .map((patientId) => patientSkippedLine(names.get(patientId) ?? patientId, metadata.correlationId));
  if (skipped.length > SKIPPED_LINES_SHOWN) {
    skippedPatients.push(moreSkippedLine(skipped.length - SKIPPED_LINES_SHOWN));
  }
  return { corrections, toReview, skippedPatients };
}
