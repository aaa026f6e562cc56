import {
  clinicToday,
  type EventMetadata,
  type PatientDetails,
  type PatientEvent,
  type ProcedureType,
} from '@bari/contracts';
import { DuplicateEventIds, WrongExpectedVersion, type GlobalPosition } from '@bari/event-store';
import {
  decideAndAppend,
  hasRun,
  loadAggregate,
  type CommandDependencies,
  type LoadedAggregate,
} from '../shared/command-handler.ts';
import { derivedUuid } from '../shared/derived-id.ts';
import { retryOnConflict } from '../shared/retry-on-conflict.ts';
import type { ProcedureTypeCatalogue } from '../procedure-types/catalogue-cache.ts';
import type { PatientQueries } from '@bari/projections';
import { patientDecider } from './business-logic.ts';
import type { PatientCommand } from './commands.ts';
import { StalePatient } from './errors.ts';
import { requireRegistered, requireRevision, type PatientState } from './patient.ts';
import { patientStream } from './streams.ts';
import { newId } from '../shared/new-id.ts';
import {
  identifiersOf,
  missingFrom,
  releaseIdentifiers,
  releaseOrphaned,
  reserveIdentifiers,
  withRevisions,
  type BackedValue,
} from './reservations.ts';

/*
 * The patient use cases: what a route does around the deciders. Each loads what the command
 * needs from the write side (streams, never read models), decides, appends and waits for the
 * read models (`handleCommand`). A registration and a CPF or CNS correction first reserve the
 * value on its own stream (`reservations.ts`), a deletion and a correction then
 * release one.
 */

export interface PatientServiceDependencies extends CommandDependencies {
  readonly now: () => Date;
  /** The procedure types, in memory (`procedure-types/catalogue-cache.ts`). */
  readonly procedureTypes: ProcedureTypeCatalogue;
  /** Who the read model shows with a CNS: the holders of CNSs registered before their reservation. */
  readonly patients: Pick<PatientQueries, 'idsWithCns'>;
}

export interface PatientCommandResult {
  readonly events: readonly PatientEvent[];
  readonly state: PatientState;
  /** Where the last event landed in the global log (undefined when nothing was appended). */
  readonly position: GlobalPosition | undefined;
  /** When the patient was registered: the metadata timestamp of its stream's first event. */
  readonly registeredAt: string | undefined;
}

export interface PatientCommandOptions {
  /** The revision the client saw: another one is a StalePatient, never decided again. */
  readonly clientRevision?: number;
  /** From the `Idempotency-Key` header: a retry of the command is answered, not decided again. */
  readonly commandId?: string;
  /** The stream as the caller just loaded it: the first attempt decides on it (no second read). */
  readonly loaded?: LoadedAggregate<PatientEvent, PatientState>;
}

const revisionOf = (error: WrongExpectedVersion): number =>
  typeof error.actual === 'bigint' ? Number(error.actual) : -1;

/**
 * Runs a command on `patient-<id>`. With the revision the client saw, someone else's write
 * in between is a StalePatient (409); without one, the command is decided again on the new
 * state (ticking a procedure does not conflict with an edit of the patient's notes).
 */
export async function runPatientCommand(
  deps: CommandDependencies,
  patientId: string,
  command: PatientCommand,
  metadata: EventMetadata,
  options: PatientCommandOptions = {},
): Promise<PatientCommandResult> {
  const stream = patientStream(patientId);
  let loaded = options.loaded;
  try {
    return await retryOnConflict(
      async () => {
        const current = loaded ?? (await loadAggregate(deps.eventStore, stream, patientDecider));
        loaded = undefined; // a retry reads the stream again
        const { events, state, position, startedAt } = await decideAndAppend(
          deps,
          stream,
          patientDecider,
          current,
          command,
          metadata,
          { commandId: options.commandId },
        );
        return { events, state, position, registeredAt: startedAt };
      },
      (error) =>
        (error instanceof WrongExpectedVersion && options.clientRevision === undefined) ||
        // Two copies of one keyed command decided at once: the one that lost wrote nothing and
        // is answered from the winner's events on the next read (or refused if its body differs).
        (error instanceof DuplicateEventIds && options.commandId !== undefined),
    );
  } catch (error) {
    if (!(error instanceof WrongExpectedVersion)) throw error;
    throw new StalePatient(patientId, options.clientRevision ?? -1, revisionOf(error));
  }
}

/** `count` fresh procedure ids; derived from the command id when there is one, so a retry names the same. */
export const newIds = (count: number, commandId?: string): string[] =>
  Array.from({ length: count }, (_, index) =>
    commandId === undefined ? newId() : derivedUuid(commandId, 'procedure', index),
  );

/**
 * `POST /api/patients`: reserves the CPF, registers the patient with every required procedure.
 * Answers the new patient's id and the command's result (its state is the registered patient).
 * With a `commandId` the patient's id and its procedures' ids derive from it, so a retried
 * request finds its CPF reserved by the same patient and its events written, and answers them.
 */
export async function registerPatient(
  deps: PatientServiceDependencies,
  patient: PatientDetails,
  metadata: EventMetadata,
  commandId?: string,
): Promise<PatientCommandResult & { readonly patientId: string }> {
  const patientId = commandId === undefined ? newId() : derivedUuid(commandId, 'patient');
  // The required set must be whole: bring in types another instance may have defined.
  const procedureTypes = await deps.procedureTypes.current();
  const stream = patientStream(patientId);
  const loaded = await loadAggregate(deps.eventStore, stream, patientDecider);
  // A retry reserved its CPF the first time: it is answered (or refused) from its events.
  const retried = commandId !== undefined && hasRun(loaded, stream.id, commandId);
  const reserved = retried ? [] : await reserveIdentifiers(deps, identifiersOf(patient), patientId, metadata);
  try {
    const result = await runPatientCommand(
      deps,
      patientId,
      {
        type: 'RegisterPatient',
        data: {
          patientId,
          patient,
          procedureTypes,
          newProcedureIds: newIds(procedureTypes.length, commandId),
          today: clinicToday(deps.now()),
        },
      },
      metadata,
      { commandId, loaded },
    );
    return { ...result, patientId };
  } catch (error) {
    // Whatever stopped the patient (a refused append, a lost connection), the corrected retry
    // must not meet its own reservations as a duplicate: free them unless the patient exists.
    await releaseOrphaned(deps, reserved, patientId, metadata);
    throw error;
  }
}

/**
 * `PATCH /api/patients/:id`. A new CPF or CNS is reserved before the patient changes and the
 * old one released after; the update is then pinned to the revision the reservations were
 * decided on, so the values released are the ones the patient really had. Without a revision
 * from the client (`If-Match: *`), a write that moved the stream in between (a nurse's tick)
 * does not refuse the correction: it is made again on the stream as it now is.
 */
export async function updatePatient(
  deps: PatientServiceDependencies,
  patientId: string,
  changes: Partial<PatientDetails>,
  clientRevision: number | undefined,
  metadata: EventMetadata,
): Promise<PatientCommandResult> {
  const retried = clientRevision === undefined;
  // Reserved by an attempt that a concurrent write (a nurse's tick) made stale: the next
  // attempt goes on with them instead of releasing and taking them again.
  let kept: BackedValue[] = [];
  const update = async (): Promise<PatientCommandResult> => {
    const loaded = await loadAggregate(deps.eventStore, patientStream(patientId), patientDecider);
    const patient = requireRegistered(loaded.state, patientId);
    requireRevision(patient, clientRevision);
    const before = identifiersOf(patient.details);
    const after = identifiersOf({
      cpf: changes.cpf ?? patient.details.cpf,
      cns: changes.cns === undefined ? patient.details.cns : changes.cns,
    });
    const taken = missingFrom(before, after);
    const given = missingFrom(after, before);
    const carried = kept.filter((held) => missingFrom(taken, [held]).length === 0);
    await releaseOrphaned(deps, missingFrom(taken, kept), patientId, metadata);
    kept = [];
    if (taken.length === 0 && given.length === 0) {
      // A request that names its CPF or CNS, unchanged here, is still pinned to this read: decided
      // again on a stream where another write changed them, it would set them back without their
      // reservations (that write released them). Stale, it runs again from the top instead.
      const namesIdentifiers = changes.cpf !== undefined || changes.cns !== undefined;
      const pinned = clientRevision ?? (namesIdentifiers ? patient.revision : undefined);
      return runUpdate(deps, patientId, changes, pinned, metadata, loaded);
    }
    // Pinned to this read: the values released are the ones the patient had.
    const expected = clientRevision ?? patient.revision;
    // A change the patient's decider refuses (dates out of order) is refused before any reservation.
    patientDecider.decide(updateCommand(deps, patientId, changes, expected), loaded.state);
    const released = await withRevisions(deps, given);
    const reserved = [
      ...carried,
      ...(await reserveIdentifiers(deps, missingFrom(carried, taken), patientId, metadata)),
    ];
    let result: PatientCommandResult;
    try {
      result = await runUpdate(deps, patientId, changes, expected, metadata, loaded);
    } catch (error) {
      // Stale: decided again on the new state, with these. Refused: they must not stay reserved.
      if (retried && error instanceof StalePatient) kept = reserved;
      else await releaseOrphaned(deps, reserved, patientId, metadata);
      throw error;
    }
    await releaseIdentifiers(deps, released, patientId, 'changed', metadata);
    return result;
  };
  if (!retried) return update();
  try {
    return await retryOnConflict(update, (error) => error instanceof StalePatient);
  } catch (error) {
    await releaseOrphaned(deps, kept, patientId, metadata); // stale past every attempt
    throw error;
  }
}

function updateCommand(
  deps: PatientServiceDependencies,
  patientId: string,
  changes: Partial<PatientDetails>,
  expected: number | undefined,
): PatientCommand {
  return {
    type: 'UpdatePatient',
    data: {
      patientId,
      changes,
      today: clinicToday(deps.now()),
      ...(expected === undefined ? {} : { expectedRevision: expected }),
    },
  };
}

function runUpdate(
  deps: PatientServiceDependencies,
  patientId: string,
  changes: Partial<PatientDetails>,
  expected: number | undefined,
  metadata: EventMetadata,
  loaded: LoadedAggregate<PatientEvent, PatientState>,
): Promise<PatientCommandResult> {
  return runPatientCommand(
    deps,
    patientId,
    updateCommand(deps, patientId, changes, expected),
    metadata,
    expected === undefined ? { loaded } : { clientRevision: expected, loaded },
  );
}

/**
 * `DELETE /api/patients/:id` `{reason}`: the patient leaves the read models, its CPF and CNS
 * are free again, and the event says why (`reason`, checked by the decider). The deletion is pinned to the revision it read, so the values released are the ones
 * the patient had;
 * without a version from the client (`If-Match: *`), a write in between (a procedure ticked)
 * only makes it read and decide again.
 */
export async function deletePatient(
  deps: PatientServiceDependencies,
  patientId: string,
  clientRevision: number | undefined,
  reason: string,
  metadata: EventMetadata,
): Promise<void> {
  const held = await retryOnConflict(
    async () => {
      const loaded = await loadAggregate(deps.eventStore, patientStream(patientId), patientDecider);
      const patient = requireRegistered(loaded.state, patientId);
      requireRevision(patient, clientRevision);
      const expected = clientRevision ?? patient.revision;
      await runPatientCommand(
        deps,
        patientId,
        { type: 'DeletePatient', data: { patientId, expectedRevision: expected, reason } },
        metadata,
        { clientRevision: expected, loaded },
      );
      return identifiersOf(patient.details);
    },
    (error) => clientRevision === undefined && error instanceof StalePatient,
  );
  await releaseIdentifiers(deps, held, patientId, 'patient_deleted', metadata);
}

/**
 * The procedure types and today, for commands that add a procedure of `procedureTypeId`:
 * from memory, reading the stream's newest events only when the type is not known here yet
 * (defined by another instance of the API).
 */
export async function catalogueContext(
  deps: Pick<PatientServiceDependencies, 'procedureTypes' | 'now'>,
  procedureTypeId: string,
): Promise<{ procedureTypes: readonly ProcedureType[]; today: string }> {
  const known = deps.procedureTypes.known();
  const procedureTypes = known.some((type) => type.id === procedureTypeId)
    ? known
    : await deps.procedureTypes.current();
  return { procedureTypes, today: clinicToday(deps.now()) };
}
