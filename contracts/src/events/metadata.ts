import { z } from 'zod';

/**
 * Who did it, from where, as part of which request. Every appended event carries it, so the
 * audit trail is a projection of the events themselves. `userId`/`userEmail` are null for
 * system actions (initialization, migrations run by the projector, anonymous login attempts).
 */
export const EventMetadataSchema = z.object({
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  clientIp: z.string().nullable(),
  correlationId: z.string(),
  /** ISO instant at which the command was decided. */
  timestamp: z.string().datetime({ offset: true }),
  /**
   * Sent with an `Idempotency-Key`: a hash of the request's body, so that a retry under the
   * same key with another body is refused instead of answered with the first one's result.
   */
  requestFingerprint: z.string().optional(),
});
export type EventMetadata = z.infer<typeof EventMetadataSchema>;
