import { describe, expect, it } from 'vitest';
import { nestedDeeperThan } from './json-body-shape.ts';

describe('nestedDeeperThan', () => {
  it('counts objects and lists, not values', () => {
    expect(nestedDeeperThan('texto', 0)).toBe(false);
    expect(nestedDeeperThan({}, 0)).toBe(true);
    expect(nestedDeeperThan({ municipality: { name: 'Campinas' } }, 2)).toBe(false);
    expect(nestedDeeperThan({ municipality: { name: 'Campinas' } }, 1)).toBe(true);
    expect(nestedDeeperThan({ a: [1, [2, [3]]] }, 3)).toBe(true);
    expect(nestedDeeperThan({ a: [1, [2, [3]]] }, 4)).toBe(false);
  });

  it('walks a value a hundred thousand levels deep without overflowing the stack', () => {
    const deep = JSON.parse(`{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`) as unknown;
    expect(nestedDeeperThan(deep, 32)).toBe(true);
  });
});
