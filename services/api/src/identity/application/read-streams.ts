import {
  AccessKeyEventSchema,
  EmailReservationEventSchema,
  SystemEventSchema,
  UserEventSchema,
} from '@bari/contracts';
import { evolveAccessKey, initialAccessKeyState, type AccessKeyState } from '../access-key.ts';
import {
  evolveEmailReservation,
  initialEmailReservationState,
  type EmailReservationState,
} from '../email-reservation.ts';
import { evolveSystem, initialSystemState, type SystemState } from '../initialization.ts';
import type { StreamReads } from '../stream-reads.ts';
import {
  accessKeyStreamId,
  emailReservationStreamId,
  systemInitializationStreamId,
  userStreamId,
} from '../streams.ts';
import { evolveUser, initialUserState, type UserState } from '../user.ts';

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
