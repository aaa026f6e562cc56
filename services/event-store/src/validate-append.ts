import { EventMetadataSchema } from '@bari/contracts';
import type { EventToAppend } from './port.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Refuses an append that could never be corrected later: the log is immutable, so bad
 * metadata or an event that is not JSON must be stopped at the door. Both adapters call it,
 * so they refuse the same things the same way.
 */
export function validateAppend(streamId: string, events: readonly EventToAppend[]): void {
  if (streamId.length === 0) throw new TypeError('An append needs a stream id');
  if (streamId.startsWith('$'))
    throw new TypeError(`Stream ids starting with "$" are reserved: "${streamId}"`);
  // A decider that decided nothing should not call append: there is no position to report.
  if (events.length === 0) throw new TypeError(`An append to "${streamId}" needs at least one event`);
  const ids = new Set<string>();
  for (const event of events) {
    if (!UUID.test(event.id)) throw new TypeError(`Event id must be a UUID: "${event.id}"`);
    const id = event.id.toLowerCase();
    if (ids.has(id)) throw new TypeError(`Event id appears twice in one append: ${id}`);
    ids.add(id);
    if (event.type.length === 0 || event.type.startsWith('$')) {
      throw new TypeError(`Event type must be non-empty and not start with "$": "${event.type}"`);
    }
    // Objects only: EventStoreDB's JSON events take no bare numbers, booleans or null.
    if (typeof event.data !== 'object' || event.data === null || JSON.stringify(event.data) === undefined) {
      throw new TypeError(`Event ${id} (${event.type}) needs a JSON object or array as data`);
    }
    const metadata = EventMetadataSchema.safeParse(event.metadata);
    if (!metadata.success) {
      throw new TypeError(`Event ${id} (${event.type}) has invalid metadata: ${metadata.error.message}`);
    }
  }
}
