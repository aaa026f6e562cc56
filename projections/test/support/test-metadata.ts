import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@bari/contracts';

/** Metadata of a system action decided now (no user, no address), with `overrides`. */
export function testMetadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return {
    userId: null,
    userEmail: null,
    clientIp: null,
    correlationId: randomUUID(),
    timestamp: new Date().toISOString(),
    ...overrides,
  };
}
