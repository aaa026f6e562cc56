import { describe, expect, it } from 'vitest';
import { isValidSisregCode } from './sisreg.ts';

describe('SISREG code', () => {
  it.each(['123456', '123456789012', '0012345'])('given %s (6 to 12 digits), then it is valid', (code) =>
    expect(isValidSisregCode(code)).toBe(true),
  );
  it.each(['12345', '1234567890123', '12345A', '123-456', ''])('given %s, then it is invalid', (code) =>
    expect(isValidSisregCode(code)).toBe(false),
  );
});
