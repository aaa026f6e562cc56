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
  handleCommand,
  hasRun,
  loadAggregate,
  type CommandDependencies,
  type LoadedAggregate,
} from '../shared/command-handler.ts';
import { derivedUuid } from '../shared/derived-id.ts';
import { retryOnConflict } from '../shared/retry-on-conflict.ts';
import type { ProcedureTypeCatalogue } from '../procedure-types/catalogue-cache.ts';
import { patientDecider } from './business-logic.ts';
import type { PatientCommand } from './commands.ts';
import { cpfReservationDecider, type CpfReservationCommand, type ReleaseCpf } from './cpf-reservation.ts';
import { DuplicateCpf, StalePatient } from './errors.ts';
import { initialPatientState, requireRegistered, requireRevision, type PatientState } from './patient.ts';
import { cpfReservationStream, patientStream } from './streams.ts';
import { newId } from '../shared/new-id.ts';

/*
 * The patient use cases: what a route does around the deciders. Each loads what the command
 * needs from the write side (streams, never read models), decides, appends and waits for the
 * read models (`handleCommand`). A registration and a CPF correction first reserve the CPF
 * on its own stream (`cpf-reservation.ts`), a deletion and a correction then release one.
 */

export interface PatientServiceDependencies extends CommandDependencies {
  readonly now: () => Date;
  /** The procedure types, in memory (`procedure-types/catalogue-cache.ts`). */
  readonly procedureTypes: ProcedureTypeCatalogue;
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
 * The same dependencies, but commands do not wait for the read models: for appends no read
 * model shows (CPF reservations), and for bulk commands that wait once, after the last one.
 */
export const withoutWaiting = <Deps extends CommandDependencies>(deps: Deps): Deps => ({
  ...deps,
  waitForProjections: async () => true,
});

/**
 * Reserves `cpf` for the patient, or DuplicateCpf (409). The holder's own stream tells
 * whether an old reservation may be taken over (its patient deleted, or its CPF corrected).
 * The CPF stream is read once and the decision appended on that read. Two registrations of
 * one CPF at once: one append wins, the other is a DuplicateCpf.
 */
async function reserveCpf(
  deps: PatientServiceDependencies,
  cpf: string,
  patientId: string,
  metadata: EventMetadata,
): Promise<void> {
  const stream = cpfReservationStream(cpf);
  const loaded = await loadAggregate(deps.eventStore, stream, cpfReservationDecider);
  const { state } = loaded;
  const holder =
    state.kind === 'Reserved' && state.patientId !== patientId
      ? (await loadAggregate(deps.eventStore, patientStream(state.patientId), patientDecider)).state
      : initialPatientState();
  const command: CpfReservationCommand = {
    type: 'ReserveCpf',
    data: { cpf, patientId, now: deps.now().toISOString(), holder },
  };
  try {
    await decideAndAppend(withoutWaiting(deps), stream, cpfReservationDecider, loaded, command, metadata);
  } catch (error) {
    if (!(error instanceof WrongExpectedVersion)) throw error;
    // Another request reserved it first: a duplicate, unless it was this same command sent
    // twice at once under one `Idempotency-Key` (the same patient id), which goes on.
    const now = await loadAggregate(deps.eventStore, stream, cpfReservationDecider);
    if (now.state.kind === 'Reserved' && now.state.patientId === patientId) return;
    throw new DuplicateCpf(cpf);
  }
}

/**
 * Frees a CPF after the patient's own stream moved on. A failure here leaves the patient
 * correct and the CPF reserved; the next registration of that CPF reclaims it (see
 * `reserveCpf` in `cpf-reservation.ts`), so it is logged, not thrown.
 */
async function releaseCpf(
  deps: PatientServiceDependencies,
  cpf: string,
  patientId: string,
  reason: ReleaseCpf['data']['reason'],
  metadata: EventMetadata,
): Promise<void> {
  try {
    await retryOnConflict(() =>
      handleCommand(
        withoutWaiting(deps),
        cpfReservationStream(cpf),
        cpfReservationDecider,
        { type: 'ReleaseCpf', data: { cpf, patientId, reason } },
        metadata,
      ),
    );
  } catch (error) {
    deps.logger.error({ err: error, patientId, correlationId: metadata.correlationId }, 'CPF not released');
  }
}

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
  if (!retried) await reserveCpf(deps, patient.cpf, patientId, metadata);
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
    // must not meet its own reservation as a duplicate CPF: free it unless the patient exists.
    if (!retried) await releaseOrphanedCpf(deps, patient.cpf, patientId, metadata);
    throw error;
  }
}

/**
 * After a registration or a CPF correction failed: frees the CPF it reserved unless the
 * patient's stream shows the patient holding it after all (the write went through).
 */
async function releaseOrphanedCpf(
  deps: PatientServiceDependencies,
  cpf: string,
  patientId: string,
  metadata: EventMetadata,
): Promise<void> {
  const holds = await loadAggregate(deps.eventStore, patientStream(patientId), patientDecider).then(
    ({ state }) => state.kind === 'Registered' && state.details.cpf === cpf,
    // Unknown: keep it; `reserveCpf` reclaims an orphan after its grace period anyway.
    () => true,
  );
  if (!holds) await releaseCpf(deps, cpf, patientId, 'orphaned', metadata);
}

/**
 * `PATCH /api/patients/:id`. A new CPF is reserved before the patient changes and the old
 * one released after; the update is then pinned to the revision the reservation was decided
 * on, so the CPF released is the one the patient really had. Without a revision from the
 * client (`If-Match: *`), a write that moved the stream in between (a nurse's tick) does not
 * refuse the correction: it is made again on the stream as it now is.
 */
export function updatePatient(
  deps: PatientServiceDependencies,
  patientId: string,
  changes: Partial<PatientDetails>,
  clientRevision: number | undefined,
  metadata: EventMetadata,
): Promise<PatientCommandResult> {
  const update = async (): Promise<PatientCommandResult> => {
    const loaded = await loadAggregate(deps.eventStore, patientStream(patientId), patientDecider);
    const patient = requireRegistered(loaded.state, patientId);
    requireRevision(patient, clientRevision);
    const oldCpf = patient.details.cpf;
    const cpfChanges = changes.cpf !== undefined && changes.cpf !== oldCpf;
    if (!cpfChanges) return runUpdate(deps, patientId, changes, clientRevision, metadata, loaded);
    const newCpf = changes.cpf as string;
    await reserveCpf(deps, newCpf, patientId, metadata);
    let result: PatientCommandResult;
    try {
      // Pinned to the revision the reservation was decided on: the CPF released is the one it had.
      result = await runUpdate(
        deps,
        patientId,
        changes,
        clientRevision ?? patient.revision,
        metadata,
        loaded,
      );
    } catch (error) {
      // Refused (dates out of order, a stale version...): the new CPF must not stay reserved.
      await releaseOrphanedCpf(deps, newCpf, patientId, metadata);
      throw error;
    }
    await releaseCpf(deps, oldCpf, patientId, 'cpf_changed', metadata);
    return result;
  };
  return clientRevision === undefined
    ? retryOnConflict(update, (error) => error instanceof StalePatient)
    : update();
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
    {
      type: 'UpdatePatient',
      data: {
        patientId,
        changes,
        today: clinicToday(deps.now()),
        ...(expected === undefined ? {} : { expectedRevision: expected }),
      },
    },
    metadata,
    expected === undefined ? { loaded } : { clientRevision: expected, loaded },
  );
}

/**
 * `DELETE /api/patients/:id`: the patient leaves the read models, its CPF is free again. The
 * deletion is pinned to the revision it read, so the CPF released is the one the patient had;
 * without a version from the client (`If-Match: *`), a write in between (a procedure ticked)
 * only makes it read and decide again.
 */
export async function deletePatient(
  deps: PatientServiceDependencies,
  patientId: string,
  clientRevision: number | undefined,
  metadata: EventMetadata,
): Promise<void> {
  const cpf = await retryOnConflict(
    async () => {
      const loaded = await loadAggregate(deps.eventStore, patientStream(patientId), patientDecider);
      const patient = requireRegistered(loaded.state, patientId);
      requireRevision(patient, clientRevision);
      const expected = clientRevision ?? patient.revision;
      await runPatientCommand(
        deps,
        patientId,
        { type: 'DeletePatient', data: { patientId, expectedRevision: expected } },
        metadata,
        { clientRevision: expected, loaded },
      );
      return patient.details.cpf;
    },
    (error) => clientRevision === undefined && error instanceof StalePatient,
  );
  await releaseCpf(deps, cpf, patientId, 'patient_deleted', metadata);
}

/**
 * The procedure types and today, for commands that add a procedure of `procedureTypeId`:
 * from memory, reading the stream's newest events only when the type is not known here yet
 * (defined by another instance of the API).
 */
export async function catalogueContext(
  deps: PatientServiceDependencies,
  procedureTypeId: string,
): Promise<{ procedureTypes: readonly ProcedureType[]; today: string }> {
  const known = deps.procedureTypes.known();
  const procedureTypes = known.some((type) => type.id === procedureTypeId)
    ? known
    : await deps.procedureTypes.current();
  return { procedureTypes, today: clinicToday(deps.now()) };
}
