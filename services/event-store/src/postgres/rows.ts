import type { EventMetadata } from '@bari/contracts';
import { postgresPosition } from '../position.ts';
import type { RecordedEvent } from '../port.ts';

/**
 * Bigints travel as text so that a process-wide `pg.types` parser installed elsewhere cannot
 * change what we get back (or lose precision through `number`). The aliases differ from the
 * column names on purpose: `order by global_position` would otherwise sort the text alias.
 */
export const EVENT_COLUMNS = `global_position::text as position, event_id::text as id, stream_id,
  stream_revision::text as revision, type, data, metadata, created_at`;

export interface EventRow {
  readonly position: string;
  readonly id: string;
  readonly stream_id: string;
  readonly revision: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: unknown;
  readonly created_at: Date | string;
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    streamId: row.stream_id,
    revision: BigInt(row.revision),
    position: postgresPosition(BigInt(row.position)),
    type: row.type,
    data: row.data,
    // Validated against EventMetadataSchema on append, and the table refuses updates.
    metadata: row.metadata as EventMetadata,
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
  };
}
