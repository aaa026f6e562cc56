import { describe, expect, it } from 'vitest';
import { listOrigin, listOriginState } from './list-origin.ts';

describe('listOrigin', () => {
  it('goes back to the list address the user came from', () => {
    expect(listOrigin(listOriginState('/patients', '?q=Maria&status=post_op&page=2'))).toBe(
      '/patients?q=Maria&status=post_op&page=2',
    );
    expect(listOrigin(listOriginState('/patients', ''))).toBe('/patients');
  });

  it('falls back to the plain list without a list address', () => {
    expect(listOrigin(null)).toBe('/patients');
    expect(listOrigin(undefined)).toBe('/patients');
    expect(listOrigin({ from: 42 })).toBe('/patients');
    expect(listOrigin({ from: '/users' })).toBe('/patients');
    expect(listOrigin({ from: 'https://example.com/patients' })).toBe('/patients');
    expect(listOrigin({ from: '/patients/123' })).toBe('/patients');
  });
});
