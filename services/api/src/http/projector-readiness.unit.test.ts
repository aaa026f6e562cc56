import { describe, expect, it } from 'vitest';
import type { ProjectionStatus } from '@bari/projections';
import { projectorReadiness, STALLED_AFTER_MS } from './projector-readiness.ts';

const now = new Date('2026-11-21T12:00:00Z');
const status = (overrides: Partial<ProjectionStatus> = {}): ProjectionStatus => ({
  name: 'patients',
  checkpoint: '10/10',
  updatedAt: now,
  lag: 0,
  error: null,
  state: 'idle',
  waitingSince: null,
  ...overrides,
});
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('projectorReadiness', () => {
  it('is ok when every projection is caught up, in process or not', () => {
    expect(projectorReadiness([status()], { external: false, now })).toBe('ok');
    expect(projectorReadiness([status({ updatedAt: ago(3_600_000) })], { external: true, now })).toBe('ok');
  });

  it('names failed projections', () => {
    expect(projectorReadiness([status({ state: 'failed', error: 'boom' })], { external: false, now })).toBe(
      'falhou: patients',
    );
  });

  it('given a separate projector, is ok while it moves and not when events wait behind a still checkpoint', () => {
    expect(projectorReadiness([status({ lag: 5, updatedAt: ago(1_000) })], { external: true, now })).toBe(
      'ok',
    );
    expect(
      projectorReadiness([status({ lag: 5, updatedAt: ago(STALLED_AFTER_MS + 1) })], { external: true, now }),
    ).toBe('parado: patients');
    expect(projectorReadiness([status({ lag: 5, updatedAt: null })], { external: true, now })).toBe(
      'parado: patients',
    );
  });

  it('in process, is not ok when a projection has waited too long to commit a batch (blocked)', () => {
    const blocked = status({ state: 'running', lag: 5, waitingSince: ago(STALLED_AFTER_MS + 1) });
    expect(projectorReadiness([status({ name: 'audit' }), blocked], { external: false, now })).toBe(
      'parado: patients',
    );
    // A batch being applied, or retried after a transient failure, for a few seconds is no stall.
    expect(
      projectorReadiness([status({ state: 'running', lag: 5, waitingSince: ago(5_000) })], {
        external: false,
        now,
      }),
    ).toBe('ok');
    // Behind with an old checkpoint row but nothing waiting: a runner here that just skipped events.
    expect(
      projectorReadiness([status({ lag: 5, updatedAt: ago(STALLED_AFTER_MS + 1) })], {
        external: false,
        now,
      }),
    ).toBe('ok');
  });
});
