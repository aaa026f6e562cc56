import { describe, expect, it } from 'vitest';
import { asOfInstant, isAsOfTime } from './as-of-instant.ts';

describe('the as-of instant', () => {
  const now = new Date('2026-11-27T15:00:00-03:00');

  it("is the end of the minute or the second typed, on São Paulo's clock, as the history shows times", () => {
    expect(asOfInstant('2026-03-05', '10:30', now)).toBe('2026-03-05T13:30:59.999Z');
    expect(asOfInstant('2026-03-05', '10:30:15', now)).toBe('2026-03-05T13:30:15.999Z');
  });

  it('is the end of the day without a time, and never later than now', () => {
    expect(asOfInstant('2026-03-05', '', now)).toBe('2026-03-06T02:59:59.999Z');
    expect(asOfInstant('2026-11-27', '', now)).toBe(now.toISOString());
    expect(asOfInstant('2027-01-01', '08:00', now)).toBe(now.toISOString());
  });

  it('takes hh:mm and hh:mm:ss (24-hour) or nothing', () => {
    for (const time of ['', '00:00', '23:59', '09:05:30']) expect(isAsOfTime(time), time).toBe(true);
    for (const time of ['24:00', '9:05', '10h30', '10:60', '10:30 PM'])
      expect(isAsOfTime(time), time).toBe(false);
  });
});
