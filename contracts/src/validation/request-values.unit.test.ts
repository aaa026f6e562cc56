import { describe, expect, it } from 'vitest';
import { queryInteger, requestInstant, requestUuid, WHOLE_NUMBER_MESSAGE } from './request-values.ts';

describe('requestUuid', () => {
  const id = '01a21b2c-155d-7000-b25d-3b8d1961ba4e';

  it('reads an id typed in upper case as the lower-case id every stream and row is written with', () => {
    expect(requestUuid().parse(id.toUpperCase())).toBe(id);
    expect(requestUuid().parse(id)).toBe(id);
  });

  it('refuses what is not a UUID, with the message given', () => {
    const result = requestUuid('Usuário inválido').safeParse('01a21b2c');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Usuário inválido');
  });
});

describe('requestInstant', () => {
  const instant = requestInstant('Data e hora inválidas');

  it('takes an ISO 8601 instant with its offset', () => {
    expect(instant.parse('2026-11-27T10:00:00-03:00')).toBe('2026-11-27T10:00:00-03:00');
    expect(instant.parse('2026-11-27T13:00:00Z')).toBe('2026-11-27T13:00:00Z');
    expect(instant.parse('2026-11-27T13:00:00+14:00')).toBe('2026-11-27T13:00:00+14:00');
    expect(instant.parse('2026-11-27T13:00:00.123-12:00')).toBe('2026-11-27T13:00:00.123-12:00');
  });

  it.each([
    ['an offset no clock has', '2026-01-01T00:00:00+99:00'],
    ['an offset beyond any clock, that PostgreSQL refuses', '2026-01-01T00:00:00+16:00'],
    ['the same, without the colon', '2026-01-01T00:00:00-1600'],
    ['the year 0', '0000-12-31T23:59:59Z'],
    ['no offset', '2026-01-01T00:00:00'],
    ['a date alone', '2026-01-01'],
  ])('refuses %s with the message given', (_kind, value) => {
    const result = instant.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Data e hora inválidas');
  });
});

describe('queryInteger', () => {
  const page = queryInteger({ min: 1, max: 500 });

  it('reads decimal digits, and a number as it is', () => {
    expect(page.parse('12')).toBe(12);
    expect(page.parse('007')).toBe(7);
    expect(page.parse(3)).toBe(3);
  });

  it.each(['0x10', '1e2', '', ' ', '1.5', '-1', '+2', '１２', 'NaN'])('refuses %j', (text) => {
    const result = page.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(WHOLE_NUMBER_MESSAGE);
  });

  it('keeps its bounds', () => {
    expect(page.safeParse('0').success).toBe(false);
    expect(page.safeParse('501').success).toBe(false);
    expect(page.safeParse(2.5).success).toBe(false);
    expect(queryInteger({ min: 0 }).parse('0')).toBe(0);
  });
});
