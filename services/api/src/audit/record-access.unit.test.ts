import { describe, expect, it } from 'vitest';
import { remember } from './record-access.ts';

describe('the reads an API process remembers, so as not to record one twice in 15 minutes', () => {
  it('are bounded: beyond the most, the oldest are forgotten first', () => {
    const recent = new Map<string, number>();
    for (let read = 1; read <= 5; read += 1) remember(recent, `read-${read}`, read, 3);
    expect([...recent.keys()]).toEqual(['read-3', 'read-4', 'read-5']);
  });
});
