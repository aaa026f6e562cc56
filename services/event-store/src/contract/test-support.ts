import { randomUUID } from 'node:crypto';
import type { EventToAppend } from '../port.ts';

/** A user's metadata, with a fresh correlation id and the current time. */
export function testMetadata(): EventToAppend['metadata'] {
  return {
    userId: 'contract-user',
    userEmail: 'contract@example.com',
    clientIp: '127.0.0.1',
    correlationId: randomUUID(),
    timestamp: new Date().toISOString(),
  };
}

/** `count` events of `type` to append: fresh ids, their index as data, a user's metadata. */
export function testEvents(count: number, type = 'ContractTested'): EventToAppend[] {
  return Array.from({ length: count }, (_unused, index) => ({
    id: randomUUID(),
    type,
    data: { index },
    metadata: testMetadata(),
  }));
}

/** Polls `condition` every 10 ms; fails after `timeoutMs`. */
export async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
