import { describe, expect, it } from 'vitest';
import { comparePositions, fromCheckpoint, postgresPosition, toCheckpoint } from './position.ts';

describe('checkpoints', () => {
  it('round-trips a position through its text form', () => {
    const position = { commit: 18_446_744_073_709_551_615n, prepare: 42n };
    expect(fromCheckpoint(toCheckpoint(position))).toEqual(position);
    expect(toCheckpoint(postgresPosition(7n))).toBe('7/7');
  });

  it('refuses text that is not a checkpoint', () => {
    for (const text of ['', '7', '7/', '/7', 'a/b', '-1/-1', '1/2/3', ' 1/2']) {
      expect(() => fromCheckpoint(text)).toThrow(/Not an event-store checkpoint/);
    }
  });

  it('orders by commit, then prepare', () => {
    expect(comparePositions({ commit: 1n, prepare: 9n }, { commit: 2n, prepare: 0n })).toBe(-1);
    expect(comparePositions({ commit: 2n, prepare: 1n }, { commit: 2n, prepare: 0n })).toBe(1);
    expect(comparePositions(postgresPosition(3n), postgresPosition(3n))).toBe(0);
  });
});
