import {
  AccessKeyEventSchema,
  AdministratorRosterEventSchema,
  EmailReservationEventSchema,
  SystemEventSchema,
  UserEventSchema,
} from '@bari/contracts';
import { evolveAccessKey, initialAccessKeyState, type AccessKeyState } from '../access-key.ts';
import {
  decideAdministratorRoster,
  evolveAdministratorRoster,
  initialAdministratorRosterState,
  type AdministratorRosterState,
} from '../administrator-roster.ts';
import type { PlannedAppend } from '../planned-append.ts';
import {
  evolveEmailReservation,
  initialEmailReservationState,
  type EmailReservationState,
} from '../email-reservation.ts';
import { evolveSystem, initialSystemState, type SystemState } from '../initialization/system.ts';
import type { StreamReads } from '../../shared/stream-reads.ts';
import {
  accessKeyStreamId,
  administratorRosterStreamId,
  emailReservationStreamId,
  systemInitializationStreamId,
  userStreamId,
} from '../streams.ts';
import { evolveUser, initialUserState, type UserState } from '../user.ts';
import type { IdentityServices } from './identity-services.ts';

/** Folds of the identity streams, each remembered by `reads` for the plan's `as_read` appends. */
export const readUser = (reads: StreamReads, userId: string): Promise<UserState> =>
  reads.fold(userStreamId(userId), UserEventSchema, evolveUser, initialUserState());

export const readAccessKey = (reads: StreamReads, keyId: string): Promise<AccessKeyState> =>
  reads.fold(accessKeyStreamId(keyId), AccessKeyEventSchema, evolveAccessKey, initialAccessKeyState());

export const readEmailReservation = (reads: StreamReads, email: string): Promise<EmailReservationState> =>
  reads.fold(
    emailReservationStreamId(email),
    EmailReservationEventSchema,
    evolveEmailReservation,
    initialEmailReservationState(),
  );

export const readSystem = (reads: StreamReads): Promise<SystemState> =>
  reads.fold(systemInitializationStreamId, SystemEventSchema, evolveSystem, initialSystemState());

/** An email's reservation and the stream of the user holding it (the account with that email). */
export async function readEmailHolder(
  reads: StreamReads,
  email: string,
): Promise<{ emailReservation: EmailReservationState; holder: UserState }> {
  const emailReservation = await readEmailReservation(reads, email);
  const holder =
    emailReservation.kind === 'Reserved'
      ? await readUser(reads, emailReservation.userId)
      : initialUserState();
  return { emailReservation, holder };
}

/**
 * The administrators roster, for a plan that changes it. A system from before the roster has
 * no `administrators` stream: it is seeded with the approved administrators of the users read
 * model, and `withRosterSeed` puts that seed ahead of the plan's own roster append.
 */
export async function readRoster(
  services: IdentityServices,
  reads: StreamReads,
): Promise<{ roster: AdministratorRosterState; seed: PlannedAppend[] }> {
  const roster = await reads.fold(
    administratorRosterStreamId,
    AdministratorRosterEventSchema,
    evolveAdministratorRoster,
    initialAdministratorRosterState(),
  );
  if (roster.started) return { roster, seed: [] };
  const administrators = (await services.users.list())
    .filter((user) => user.isAdmin && user.status === 'approved')
    .map((user) => user.id);
  const events = decideAdministratorRoster({ type: 'SeedRoster', data: { administrators } }, roster);
  return {
    roster: events.reduce(evolveAdministratorRoster, roster),
    seed: events.length > 0 ? [{ streamId: administratorRosterStreamId, expected: 'as_read', events }] : [],
  };
}

/** The plan with the roster's seed first, when the plan appends to the roster at all. */
export function withRosterSeed(
  seed: readonly PlannedAppend[],
  plan: readonly PlannedAppend[],
): PlannedAppend[] {
  const touchesRoster = plan.some(
    (append) => append.streamId === administratorRosterStreamId && append.events.length > 0,
  );
  return touchesRoster ? [...seed, ...plan] : [...plan];
}
