import type { EventMetadata, PatientDetails } from '@bari/contracts';
import { WrongExpectedVersion } from '@bari/event-store';
import { decideAndAppend, loadAggregate, withoutWaiting } from '../shared/command-handler.ts';
import { DomainError } from '../shared/domain-error.ts';
import { retryOnConflict } from '../shared/retry-on-conflict.ts';
import type { PatientServiceDependencies } from './application.ts';
import { patientDecider } from './business-logic.ts';
import {
  PATIENT_IDENTIFIERS,
  reservationDecider,
  type IdentifierKind,
  type ReleaseReason,
  type ReservationCommand,
} from './identifier-reservation.ts';
import { initialPatientState } from './patient.ts';
import { patientStream, reservationStream } from './streams.ts';

/*
 * The I/O around the identifier reservations (`identifier-reservation.ts` decides them): a
 * patient's CPF and CNS reserved on their streams before its own stream is written, released
 * after it moved on. The use cases (`application.ts`) call these around their commands.
 */

/** A CPF or CNS, as its reservation stream names it. */
export interface IdentifierValue {
  readonly identifier: IdentifierKind;
  readonly value: string;
}

/**
 * A value with the revision of its reservation stream that backs the patient's use of it: a
 * release decided for that use frees it only while the stream is still at that revision.
 */
export interface BackedValue extends IdentifierValue {
  readonly revision: bigint | undefined;
}

/** The values the patient holds (a CNS only when it has one). */
export const identifiersOf = (details: Pick<PatientDetails, 'cpf' | 'cns'>): IdentifierValue[] =>
  PATIENT_IDENTIFIERS.flatMap((identifier) => {
    const value = identifier.of(details);
    return value === null ? [] : [{ identifier, value }];
  });

/** The values of `these` that `those` lacks. */
export const missingFrom = <Value extends IdentifierValue>(
  those: readonly IdentifierValue[],
  these: readonly Value[],
): Value[] =>
  these.filter(
    ({ identifier, value }) => !those.some((held) => held.identifier === identifier && held.value === value),
  );

/** Each value with its reservation stream's revision now (read before the patient changes). */
export const withRevisions = (deps: PatientServiceDependencies, values: readonly IdentifierValue[]) =>
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
  if (!identifier.heldBeforeReservations) return;
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
export async function reserveIdentifiers(
  deps: PatientServiceDependencies,
  values: readonly IdentifierValue[],
  patientId: string,
  metadata: EventMetadata,
): Promise<BackedValue[]> {
  const prepared = everyDuplicate(
    await Promise.allSettled(values.map((value) => prepareReservation(deps, value, patientId))),
  );
  const appended = await Promise.allSettled(
    prepared.map((reservation) => appendReservation(deps, reservation, patientId, metadata)),
  );
  try {
    return everyDuplicate(appended);
  } catch (error) {
    const taken = appended.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    await releaseOrphaned(deps, taken, patientId, metadata);
    throw error;
  }
}

/**
 * The values of settled promises, or the first refusal: when both the CPF and the CNS are held
 * (found when read, or when another registration took both first), the CPF's refusal names
 * both fields (`errors`), so the form shows each under its field at once instead of the second
 * only after the first is corrected.
 */
function everyDuplicate<T>(outcomes: readonly PromiseSettledResult<T>[]): T[] {
  const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
  const [first, ...others] = refusals;
  if (first instanceof DomainError) {
    for (const other of others) {
      if (other instanceof DomainError) first.fieldErrors = { ...first.fieldErrors, ...other.fieldErrors };
    }
  }
  return firstRefusal(outcomes);
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
export async function releaseIdentifiers(
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
 * After a registration or a correction failed: frees the values it reserved unless the
 * patient's stream shows the patient holding them after all (the write went through).
 */
export async function releaseOrphaned(
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
