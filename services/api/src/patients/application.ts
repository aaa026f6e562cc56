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
import {
  PATIENT_IDENTIFIERS,
  reservationDecider,
  type IdentifierKind,
  type ReleaseReason,
  type ReservationCommand,
} from './identifier-reservation.ts';
import { StalePatient } from './errors.ts';
import { initialPatientState, requireRegistered, requireRevision, type PatientState } from './patient.ts';
import { patientStream, reservationStream } from './streams.ts';
import { newId } from '../shared/new-id.ts';

/*
 * The patient use cases: what a route does around the deciders. Each loads what the command
 * needs from the write side (streams, never read models), decides, appends and waits for the
 * read models (`handleCommand`). A registration and a CPF or CNS correction first reserve the
 * value on its own stream (`identifier-reservation.ts`), a deletion and a correction then
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
 * The same dependencies, but commands do not wait for the read models: for appends no read
 * model shows (CPF reservations), and for bulk commands that wait once, after the last one.
 */
export const withoutWaiting = <Deps extends CommandDependencies>(deps: Deps): Deps => ({
  ...deps,
  waitForProjections: async () => true,
});

/** A CPF or CNS, as its reservation stream names it. */
interface IdentifierValue {
  readonly identifier: IdentifierKind;
  readonly value: string;
}

/**
 * A value with the revision of its reservation stream that backs the patient's use of it: a
 * release decided for that use frees it only while the stream is still at that revision.
 */
interface BackedValue extends IdentifierValue {
  readonly revision: bigint | undefined;
}

/** The values the patient holds (a CNS only when it has one). */
const identifiersOf = (details: Pick<PatientDetails, 'cpf' | 'cns'>): IdentifierValue[] =>
  PATIENT_IDENTIFIERS.flatMap((identifier) => {
    const value = identifier.of(details);
    return value === null ? [] : [{ identifier, value }];
  });

/** The values of `these` that `those` lacks. */
const missingFrom = (those: readonly IdentifierValue[], these: readonly IdentifierValue[]) =>
  these.filter(
    ({ identifier, value }) => !those.some((held) => held.identifier === identifier && held.value === value),
  );

/** Each value with its reservation stream's revision now (read before the patient changes). */
const withRevisions = (deps: PatientServiceDependencies, values: readonly IdentifierValue[]) =>
  Promise.all(
    values.map(async (held): Promise<BackedValue> => {
      const stream = reservationStream(held.identifier, held.value);
      const { revision } = await loadAggregate(deps.eventStore, stream, reservationDecider(held.identifier));
      return { ...held, revision };
    }),
  );

/**
 * Reads what reserving `value` (a CPF, a CNS) for the patient needs and decides it, appending
 * nothing: throws DuplicateCpf / DuplicateCns (409) when it is held. The holder's own stream
 * tells whether an old reservation may be taken over (its patient deleted, or its value
 * corrected). Answers the reservation to append (`appendReservation`), decided on that read.
 */
async function prepareReservation(
  deps: PatientServiceDependencies,
  { identifier, value }: IdentifierValue,
  patientId: string,
) {
  const stream = reservationStream(identifier, value);
  const decider = reservationDecider(identifier);
  const loaded = await loadAggregate(deps.eventStore, stream, decider);
  const { state } = loaded;
  if (loaded.revision === undefined) await refuseHeldOnRecord(deps, identifier, value, patientId);
  const holder =
    state.kind === 'Reserved' && state.patientId !== patientId
      ? (await loadAggregate(deps.eventStore, patientStream(state.patientId), patientDecider)).state
      : initialPatientState();
  const command: ReservationCommand = {
    type: 'Reserve',
    data: { value, patientId, now: deps.now().toISOString(), holder },
  };
  decider.decide(command, state); // refused now, before any of the patient's values is appended
  return { identifier, value, stream, decider, loaded, command };
}
type PreparedReservation = Awaited<ReturnType<typeof prepareReservation>>;

/**
 * Appends a prepared reservation; answers the revision it landed at. When the stream moved
 * since it was read, the reservation is decided again: another patient took the value (a
 * duplicate), or this patient took it too (another request of its own, or the same one sent
 * twice at once), and it is taken again, so that a release the other request may still make
 * is refused by the revision.
 */
async function appendReservation(
  deps: PatientServiceDependencies,
  first: PreparedReservation,
  patientId: string,
  metadata: EventMetadata,
): Promise<BackedValue> {
  let prepared: PreparedReservation | undefined = first;
  try {
    return await retryOnConflict(async () => {
      const { identifier, value, stream, decider, loaded, command } =
        prepared ?? (await prepareReservation(deps, first, patientId));
      prepared = undefined; // a retry reads the stream again
      const result = await decideAndAppend(withoutWaiting(deps), stream, decider, loaded, command, metadata);
      return { identifier, value, revision: result.revision };
    });
  } catch (error) {
    if (!(error instanceof WrongExpectedVersion)) throw error;
    throw first.identifier.duplicate(first.value); // contended past every attempt
  }
}

/**
 * A value never reserved may still be held: CNS reservations began after patients had been
 * registered with theirs. The read model names such a holder; its own stream confirms it (a
 * read model that lags cannot refuse a value its holder has given up).
 */
async function refuseHeldOnRecord(
  deps: PatientServiceDependencies,
  identifier: IdentifierKind,
  value: string,
  patientId: string,
): Promise<void> {
  if (identifier.prefix !== 'cns') return; // every CPF has been reserved since the first registration
  const normalized = identifier.normalize(value);
  for (const holderId of await deps.patients.idsWithCns(normalized)) {
    if (holderId === patientId) continue;
    const { state } = await loadAggregate(deps.eventStore, patientStream(holderId), patientDecider);
    if (state.kind === 'Registered' && identifier.of(state.details) === normalized) {
      throw identifier.duplicate(normalized);
    }
  }
}

/**
 * Reserves each value. All are read and decided first, so that a value held by another
 * patient is refused with nothing appended; then they are appended together. When one append
 * loses a race, those that were taken are freed again. Answers each value with the revision
 * of its reservation.
 */
async function reserveIdentifiers(
  deps: PatientServiceDependencies,
  values: readonly IdentifierValue[],
  patientId: string,
  metadata: EventMetadata,
): Promise<BackedValue[]> {
  const prepared = firstRefusal(
    await Promise.allSettled(values.map((value) => prepareReservation(deps, value, patientId))),
  );
  const appended = await Promise.allSettled(
    prepared.map((reservation) => appendReservation(deps, reservation, patientId, metadata)),
  );
  try {
    return firstRefusal(appended);
  } catch (error) {
    const taken = appended.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    await releaseOrphaned(deps, taken, patientId, metadata);
    throw error;
  }
}

/** The values of settled promises, or the first refusal in their order (the CPF's before the CNS's). */
function firstRefusal<T>(outcomes: readonly PromiseSettledResult<T>[]): T[] {
  const refused = outcomes.find((outcome) => outcome.status === 'rejected');
  if (refused) throw refused.reason;
  return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<T>).value);
}

/**
 * Frees values after the patient's own stream moved on. A value with a `revision` is freed
 * only while its stream is still at that revision: if the patient took it again since (a
 * correction undone at once, the same correction sent twice), that newer reservation is not
 * this release's to free. A deleted patient's values (no revision) are freed whatever the
 * revision: a deleted patient takes nothing again. A failure here leaves the patient correct
 * and the value reserved; the next registration of it reclaims it (see `reservationDecider`),
 * so it is logged, not thrown.
 */
async function releaseIdentifiers(
  deps: PatientServiceDependencies,
  values: readonly (IdentifierValue | BackedValue)[],
  patientId: string,
  reason: ReleaseReason,
  metadata: EventMetadata,
): Promise<void> {
  const release = async (held: IdentifierValue | BackedValue) => {
    const stream = reservationStream(held.identifier, held.value);
    const decider = reservationDecider(held.identifier);
    const loaded = await loadAggregate(deps.eventStore, stream, decider);
    if ('revision' in held && loaded.revision !== held.revision) return; // taken again since
    const command: ReservationCommand = { type: 'Release', data: { value: held.value, patientId, reason } };
    await decideAndAppend(withoutWaiting(deps), stream, decider, loaded, command, metadata);
  };
  await Promise.all(
    values.map(async (held) => {
      try {
        if ('revision' in held) {
          // One attempt: a stream that moved meanwhile was taken again, and is not this release's.
          await release(held).catch((error: unknown) => {
            if (!(error instanceof WrongExpectedVersion)) throw error;
          });
        } else {
          await retryOnConflict(() => release(held));
        }
      } catch (error) {
        const what = `${held.identifier.prefix.toUpperCase()} not released`;
        deps.logger.error({ err: error, patientId, correlationId: metadata.correlationId }, what);
      }
    }),
  );
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
 * After a registration or a correction failed: frees the values it reserved unless the
 * patient's stream shows the patient holding them after all (the write went through).
 */
async function releaseOrphaned(
  deps: PatientServiceDependencies,
  values: readonly BackedValue[],
  patientId: string,
  metadata: EventMetadata,
): Promise<void> {
  if (values.length === 0) return;
  const holding = await loadAggregate(deps.eventStore, patientStream(patientId), patientDecider).then(
    ({ state }) => (state.kind === 'Registered' ? state.details : undefined),
    // Unknown: keep them; `reservationDecider` reclaims an orphan after its grace period anyway.
    () => 'unknown' as const,
  );
  if (holding === 'unknown') return;
  const orphans = values.filter(({ identifier, value }) => !holding || identifier.of(holding) !== value);
  await releaseIdentifiers(deps, orphans, patientId, 'orphaned', metadata);
}

/**
 * `PATCH /api/patients/:id`. A new CPF or CNS is reserved before the patient changes and the
 * old one released after; the update is then pinned to the revision the reservations were
 * decided on, so the values released are the ones the patient really had. Without a revision
 * from the client (`If-Match: *`), a write that moved the stream in between (a nurse's tick)
 * does not refuse the correction: it is made again on the stream as it now is.
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
    const before = identifiersOf(patient.details);
    const after = identifiersOf({
      cpf: changes.cpf ?? patient.details.cpf,
      cns: changes.cns === undefined ? patient.details.cns : changes.cns,
    });
    const taken = missingFrom(before, after);
    const given = missingFrom(after, before);
    if (taken.length === 0 && given.length === 0) {
      return runUpdate(deps, patientId, changes, clientRevision, metadata, loaded);
    }
    // Pinned to this read: the values released are the ones the patient had.
    const expected = clientRevision ?? patient.revision;
    // A change the patient's decider refuses (dates out of order) is refused before any reservation.
    patientDecider.decide(updateCommand(deps, patientId, changes, expected), loaded.state);
    const released = await withRevisions(deps, given);
    const reserved = await reserveIdentifiers(deps, taken, patientId, metadata);
    let result: PatientCommandResult;
    try {
      result = await runUpdate(deps, patientId, changes, expected, metadata, loaded);
    } catch (error) {
      // Refused (a stale version...): the new values must not stay reserved.
      await releaseOrphaned(deps, reserved, patientId, metadata);
      throw error;
    }
    await releaseIdentifiers(deps, released, patientId, 'changed', metadata);
    return result;
  };
  return clientRevision === undefined
    ? retryOnConflict(update, (error) => error instanceof StalePatient)
    : update();
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
 * `DELETE /api/patients/:id`: the patient leaves the read models, its CPF and CNS are free
 * again. The deletion is pinned to the revision it read, so the values released are the ones
 * the patient had;
 * without a version from the client (`If-Match: *`), a write in between (a procedure ticked)
 * only makes it read and decide again.
 */
export async function deletePatient(
  deps: PatientServiceDependencies,
  patientId: string,
  clientRevision: number | undefined,
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
        { type: 'DeletePatient', data: { patientId, expectedRevision: expected } },
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
