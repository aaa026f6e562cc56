import { describe, expect, it } from 'vitest';
import {
  accessKeyHolder,
  accessKeyStatus,
  expiryFromParts,
  formatKeyDate,
  localToday,
  expiryParts,
  isPastExpiry,
  maskedKey,
  maskTime,
} from './access-key-format.ts';

const now = new Date('2025-06-01T12:00:00.000Z');

describe('accessKeyStatus', () => {
  it('is inactive once deactivated, whatever the expiry', () => {
    expect(accessKeyStatus({ isActive: false, expiresAt: null }, now)).toBe('inactive');
    expect(accessKeyStatus({ isActive: false, expiresAt: '2020-01-01T00:00:00.000Z' }, now)).toBe('inactive');
  });

  it('is expired when active and past its expiry', () => {
    expect(accessKeyStatus({ isActive: true, expiresAt: '2025-06-01T11:59:59.000Z' }, now)).toBe('expired');
    expect(accessKeyStatus({ isActive: true, expiresAt: '2025-06-01T12:00:00.000Z' }, now)).toBe('expired');
  });

  it('is active when active and not expired (or never expiring)', () => {
    expect(accessKeyStatus({ isActive: true, expiresAt: null }, now)).toBe('active');
    expect(accessKeyStatus({ isActive: true, expiresAt: '2025-06-02T00:00:00.000Z' }, now)).toBe('active');
  });
});

describe('accessKeyHolder (issue 10, item 5)', () => {
  const userId = '2f1c8a44-8d3e-4a53-9a53-0d6c3b2f1a10';
  it('names the bound user by email', () => {
    expect(accessKeyHolder({ userId, userEmail: 'ana@sus.gov.br' })).toEqual({
      kind: 'user',
      email: 'ana@sus.gov.br',
    });
  });
  it('shows a key bound to a user who no longer exists as a removed user, not an invitation', () => {
    expect(accessKeyHolder({ userId, userEmail: null })).toEqual({ kind: 'removed_user' });
  });
  it('shows an unbound key as an invitation', () => {
    expect(accessKeyHolder({ userId: null, userEmail: null })).toEqual({ kind: 'invitation' });
  });
});

describe('maskedKey', () => {
  it('shows the first 8 characters and an ellipsis', () => {
    expect(maskedKey('Abcd1234')).toBe('Abcd1234…');
    expect(maskedKey('Abcd1234XYZ')).toBe('Abcd1234…');
  });
});

describe('expiry typed as a day and a time', () => {
  it('turns a local day and time into an ISO instant with offset, and back', () => {
    // São Paulo's 18:30 (-03:00), whatever the computer's zone: the same key expires at the
    // same moment for an administrator in Manaus.
    const iso = expiryFromParts('2025-12-31', '18:30');
    expect(iso).toBe('2025-12-31T21:30:00.000Z');
    expect(expiryParts(iso)).toEqual({ day: '2025-12-31', time: '18:30' });
    expect(formatKeyDate(iso)).toBe('31/12/2025 18:30');
  });

  it('lasts to the end of the day when no time is given', () => {
    expect(expiryParts(expiryFromParts('2025-12-31', ''))).toEqual({ day: '2025-12-31', time: '23:59' });
  });

  it('keeps an empty expiry empty, and half-typed text as text (refused by the contract)', () => {
    expect(expiryFromParts('', '')).toBe('');
    expect(expiryParts(null)).toEqual({ day: '', time: '' });
    expect(expiryFromParts('31/12/20', '')).toBe('31/12/20');
    expect(expiryFromParts('2025-12-31', '25:00')).toBe('2025-12-31 25:00');
  });

  it('masks the time as HH:mm', () => {
    expect(maskTime('1')).toBe('1');
    expect(maskTime('183')).toBe('18:3');
    expect(maskTime('18:30')).toBe('18:30');
    expect(maskTime('183099')).toBe('18:30');
  });

  it("gives today's date as the expiry's day is typed, in local time, not UTC's", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Sao_Paulo';
    try {
      // 22:30 in São Paulo on the 29th is already the 30th in UTC.
      expect(localToday(new Date('2026-11-30T01:30:00Z'))).toBe('2026-11-29');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('tells a past expiry, only for a whole instant', () => {
    expect(isPastExpiry('2025-06-01T08:59:00-03:00', now)).toBe(true);
    expect(isPastExpiry('2025-06-01T09:01:00-03:00', now)).toBe(false);
    expect(isPastExpiry('', now)).toBe(false);
    expect(isPastExpiry('2025-01-01', now)).toBe(false);
  });
});
