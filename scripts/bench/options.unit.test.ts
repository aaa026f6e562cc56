import { describe, expect, it } from 'vitest';
import { parseBenchArguments } from './options.ts';
import { percentile } from './latency.ts';

describe('npm run bench options', () => {
  it('defaults to the issue-7 set: 20,000 patients, 10 s per measurement, 32 clients', () => {
    expect(parseBenchArguments([])).toEqual({
      kind: 'run',
      options: expect.objectContaining({
        patients: 20_000,
        seed: 1,
        duration: 10,
        httpClients: 32,
        clients: 12,
        warmup: 3,
      }),
    });
  });

  it('reads the large run and a seed', () => {
    const parsed = parseBenchArguments([
      '--patients',
      '100000',
      '--seed',
      '9',
      '--duration',
      '2.5',
      '--warmup',
      '0',
    ]);
    expect(parsed).toEqual({
      kind: 'run',
      options: expect.objectContaining({ patients: 100_000, seed: 9, duration: 2.5, warmup: 0 }),
    });
  });

  it('refuses unknown options and bad numbers, and answers --help', () => {
    expect(parseBenchArguments(['--pacientes', '3']).kind).toBe('usage-error');
    expect(parseBenchArguments(['--patients', 'many']).kind).toBe('usage-error');
    expect(parseBenchArguments(['--patients', '0']).kind).toBe('usage-error');
    expect(parseBenchArguments(['--warmup', '-1']).kind).toBe('usage-error');
    expect(parseBenchArguments(['--help']).kind).toBe('help');
  });
});

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.95)).toBe(95);
    expect(percentile(sorted, 0.99)).toBe(99);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBe(0);
  });
});
