import { createHash } from 'node:crypto';

/**
 * A UUID-shaped id derived from names (a command id, a stream, an index): the same names give
 * the same id, so a retried command writes ids the store recognises.
 */
export function derivedUuid(...names: readonly (string | number)[]): string {
  const hex = createHash('sha256').update(names.join('\u0000')).digest('hex');
  // Version 5-style layout (name-based), so the value is a valid UUID for the uuid column.
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** The id of the `index`-th event a command appends to a stream. */
export const derivedEventId = (commandId: string, streamId: string, index: number): string =>
  derivedUuid(commandId, streamId, index);
