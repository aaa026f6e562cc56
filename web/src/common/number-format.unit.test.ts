import { describe, expect, it } from 'vitest';
import { formatCount } from './number-format.ts';

describe('formatCount', () => {
  it('groups thousands with a dot, as pt-BR does', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(24993)).toBe('24.993');
    expect(formatCount(1234567)).toBe('1.234.567');
  });
});
