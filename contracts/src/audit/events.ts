import { z } from 'zod';
import { defineEvent } from '../events/define-event.ts';
import { AccessActionSchema } from './actions.ts';

/*
 * Access events: reading health data is recorded as an event too, so the audit trail (a
 * projection of the log) answers "who opened whose record". One stream per user,
 * `access-<userId>`, appended with `any`: readers never contend on one stream's revision.
 * They carry ids and filters, never the health data that was read.
 */

/** Filters or parameters of the read, as plain text values (report filters, audit filters, asOf). */
export const AccessParametersSchema = z.record(z.string(), z.string().nullable());
export type AccessParameters = z.infer<typeof AccessParametersSchema>;

export const RecordAccessed = defineEvent(
  'RecordAccessed',
  z.object({
    action: AccessActionSchema,
    /** The patient whose data was read, when the read was about one patient. */
    patientId: z.string().uuid().nullable(),
    parameters: AccessParametersSchema,
  }),
);
export type RecordAccessed = ReturnType<typeof RecordAccessed.create>;

export const accessEvents = [RecordAccessed] as const;
export const accessStreamId = (userId: string): string => `access-${userId}`;
