import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteWriteAnswer, readModelFreshness } from './read-model-freshness.ts';

const answer = (stale: boolean) => new Headers(stale ? { 'X-Read-Models-Stale': 'true' } : {});

describe('read-model freshness', () => {
  afterEach(() => {
    readModelFreshness.dismiss();
    vi.useRealTimers();
  });

  it('given a write answered before the read models caught up, then the data is flagged until a fresh write', () => {
    const changes = vi.fn();
    const unsubscribe = readModelFreshness.subscribe(changes);
    noteWriteAnswer(answer(true));
    expect(readModelFreshness.isStale()).toBe(true);
    noteWriteAnswer(answer(false));
    expect(readModelFreshness.isStale()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('given a stale write, then the notice ends by itself after 30 s', () => {
    vi.useFakeTimers();
    noteWriteAnswer(answer(true));
    vi.advanceTimersByTime(29_000);
    expect(readModelFreshness.isStale()).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(readModelFreshness.isStale()).toBe(false);
  });
});
