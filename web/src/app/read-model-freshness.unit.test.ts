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

  it('given a stale write, then what is shown is read again every 5 s and as the notice ends, not after a fresh write', () => {
    vi.useFakeTimers();
    const refresh = vi.fn();
    const unsubscribe = readModelFreshness.onRefresh(refresh);
    noteWriteAnswer(answer(true));
    vi.advanceTimersByTime(4_999);
    expect(refresh).toHaveBeenCalledTimes(0);
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(25_000);
    // Five times in 30 s, then once more as the notice ends.
    expect(refresh).toHaveBeenCalledTimes(6);
    expect(readModelFreshness.isStale()).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(refresh).toHaveBeenCalledTimes(6);

    noteWriteAnswer(answer(true));
    vi.advanceTimersByTime(5_000);
    noteWriteAnswer(answer(false));
    vi.advanceTimersByTime(60_000);
    expect(refresh).toHaveBeenCalledTimes(7);
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
