import { randomUUID } from 'node:crypto';
import {
  clinicToday,
  type EventMetadata,
  type PatientDetails,
  type PatientEvent,
  type ProcedureType,
} from '@bari/contracts';
import { WrongExpectedVersion, type GlobalPosition } from '@bari/event-store';
import { handleCommand, loadAggregate, type CommandDependencies } from '../shared/command-handler.ts';
import { procedureTypesForCommands } from '../procedure-types/catalogue.ts';
import { patientDecider } from './business-logic.ts';
import type { PatientCommand } from './commands.ts';
import { cpfReservationDecider, type CpfReservationCommand } from './cpf-reservation.ts';
import { DuplicateCpf, StalePatient } from './errors.ts';
import { initialPatientState, requireRegistered, requireRevision, type PatientState } from './patient.ts';
import { cpfReservationStream, patientStream, patientStreamId } from './streams.ts';

/*
 * The patient use cases: what a route does around the deciders. Each loads what the command
 * needs from the write side (streams, never read models), decides, appends and waits for the
 * read models (`handleCommand`). A registration and a CPF correction first reserve the CPF
 * on its own stream (`cpf-reservation.ts`), a deletion and a correction then release one.
 */

export interface PatientServiceDependencies extends CommandDependencies {
  readonly now: () => Date;
}

export interface PatientCommandResult {
  readonly events: readonly PatientEvent[];
  readonly state: PatientState;
  /** Where the last event landed in the global log (undefined when nothing was appended). */
  readonly position: GlobalPosition | undefined;
}

/** Another writer got in between, more times than this, and we give up (409). */
const ATTEMPTS = 3;

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
  clientRevision?: number,
): Promise<PatientCommandResult> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { events, state, position } = await handleCommand(
        deps,
        patientStream(patientId),
        patientDecider,
        command,
        metadata,
      );
      return { events, state, position };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      if (clientRevision !== undefined || attempt >= ATTEMPTS) {
        throw new StalePatient(patientId, clientRevision ?? -1, revisionOf(error));
      }
    }
  }
}

/** `count` fresh procedure ids. */
export const newIds = (count: number): string[] => Array.from({ length: count }, () => randomUUID());

/**
 * The same dependencies, but commands do not wait for the read models: for appends no read
 * model shows (CPF reservations), and for bulk commands that wait once, after the last one.
 */
export const withoutWaiting = <Deps extends CommandDependencies>(deps: Deps): Deps => ({
  ...deps,
  waitForProjections: async () => true,
});

async function decideCpf(
  deps: CommandDependencies,
  cpf: string,
  command: CpfReservationCommand,
  metadata: EventMetadata,
): Promise<void> {
  await handleCommand(
    withoutWaiting(deps),
    cpfReservationStream(cpf),
    cpfReservationDecider,
    command,
    metadata,
  );
}

/**
 * Reserves `cpf` for the patient, or DuplicateCpf (409). The holder's own stream tells
 * whether an old reservation may be taken over (its patient deleted, or its CPF corrected).
 * Two registrations of one CPF at once: one append wins, the other is a DuplicateCpf.
 */
async function reserveCpf(
  deps: PatientServiceDependencies,
  cpf: string,
  patientId: string,
  metadata: EventMetadata,
): Promise<void> {
  const { state } = await loadAggregate(deps.eventStore, cpfReservationStream(cpf), cpfReservationDecider);
  const holder =
    state.kind === 'Reserved' && state.patientId !== patientId
      ? (await loadAggregate(deps.eventStore, patientStream(state.patientId), patientDecider)).state
      : initialPatientState();
  try {
    await decideCpf(
      deps,
      cpf,
      { type: 'ReserveCpf', data: { cpf, patientId, now: deps.now().toISOString(), holder } },
      metadata,
    );
  } catch (error) {
    if (error instanceof WrongExpectedVersion) throw new DuplicateCpf(cpf);
    throw error;
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
  reason: 'patient_deleted' | 'cpf_changed',
  metadata: EventMetadata,
): Promise<void> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    try {
      await decideCpf(deps, cpf, { type: 'ReleaseCpf', data: { cpf, patientId, reason } }, metadata);
      return;
    } catch (error) {
      if (error instanceof WrongExpectedVersion && attempt < ATTEMPTS) continue;
      deps.logger.error({ err: error, patientId, correlationId: metadata.correlationId }, 'CPF not released');
      return;
    }
  }
}

/**
 * `POST /api/patients`: reserves the CPF, registers the patient with every required procedure.
 * Answers the new patient's id and the command's result (its state is the registered patient).
 */
export async function registerPatient(
  deps: PatientServiceDependencies,
  patient: PatientDetails,
  metadata: EventMetadata,
): Promise<PatientCommandResult & { readonly patientId: string }> {
  const patientId = randomUUID();
  const procedureTypes = await procedureTypesForCommands(deps, metadata);
  await reserveCpf(deps, patient.cpf, patientId, metadata);
  const result = await runPatientCommand(
    deps,
    patientId,
    {
      type: 'RegisterPatient',
      data: {
        patientId,
        patient,
        procedureTypes,
        newProcedureIds: newIds(procedureTypes.length),
        today: clinicToday(deps.now()),
      },
    },
    metadata,
  );
  return { ...result, patientId };
}

/**
 * When the patient was registered: the storage time of its stream's first event, as the read
 * model keeps it (`registeredAt` of the DTOs). Read from the event store, so it never lags.
 */
export async function patientRegisteredAt(
  deps: Pick<CommandDependencies, 'eventStore'>,
  patientId: string,
): Promise<string | undefined> {
  const [first] = await deps.eventStore.readStream(patientStreamId(patientId), { maxCount: 1 });
  return first?.createdAt.toISOString();
}

/**
 * `PATCH /api/patients/:id`. A new CPF is reserved before the patient changes and the old
 * one released after; the update is then pinned to the revision the reservation was decided
 * on, so the CPF released is the one the patient really had.
 */
export async function updatePatient(
  deps: PatientServiceDependencies,
  patientId: string,
  changes: Partial<PatientDetails>,
  clientRevision: number | undefined,
  metadata: EventMetadata,
): Promise<PatientCommandResult> {
  const { state } = await loadAggregate(deps.eventStore, patientStream(patientId), patientDecider);
  const patient = requireRegistered(state, patientId);
  requireRevision(patient, clientRevision);
  const oldCpf = patient.details.cpf;
  const cpfChanges = changes.cpf !== undefined && changes.cpf !== oldCpf;
  if (cpfChanges) await reserveCpf(deps, changes.cpf as string, patientId, metadata);
  const expected = clientRevision ?? (cpfChanges ? patient.revision : undefined);
  const result = await runPatientCommand(
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
    expected,
  );
  if (cpfChanges) await releaseCpf(deps, oldCpf, patientId, 'cpf_changed', metadata);
  return result;
}

/** `DELETE /api/patients/:id`: the patient leaves the read models, its CPF is free again. */
export async function deletePatient(
  deps: PatientServiceDependencies,
  patientId: string,
  clientRevision: number | undefined,
  metadata: EventMetadata,
): Promise<void> {
  const { state } = await loadAggregate(deps.eventStore, patientStream(patientId), patientDecider);
  const patient = requireRegistered(state, patientId);
  requireRevision(patient, clientRevision);
  const expected = clientRevision ?? patient.revision;
  await runPatientCommand(
    deps,
    patientId,
    { type: 'DeletePatient', data: { patientId, expectedRevision: expected } },
    metadata,
    expected,
  );
  await releaseCpf(deps, patient.details.cpf, patientId, 'patient_deleted', metadata);
}

/** The procedure types and today, for commands that add procedures. */
export async function catalogueContext(
  deps: PatientServiceDependencies,
  metadata: EventMetadata,
): Promise<{ procedureTypes: ProcedureType[]; today: string }> {
  return { procedureTypes: await procedureTypesForCommands(deps, metadata), today: clinicToday(deps.now()) };
}
