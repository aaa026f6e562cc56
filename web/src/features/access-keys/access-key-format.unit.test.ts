import { describe, expect, it } from 'vitest';
import { accessKeyStatus, isoToLocalInput, localInputToIso, maskedKey } from './access-key-format.ts';

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

describe('maskedKey', () => {
  it('shows the first 8 characters and an ellipsis', () => {
    expect(maskedKey('Abcd1234')).toBe('Abcd1234…');
    expect(maskedKey('Abcd1234XYZ')).toBe('Abcd1234…');
  });
});

describe('expiry input conversion', () => {
  it('turns a local date-time into an ISO instant with offset and back', () => {
    const iso = localInputToIso('2025-12-31T23:59');
    expect(iso).toMatch(/^2025-12-31T23:59:00([+-]\d{2}:\d{2}|Z)$/);
    expect(isoToLocalInput(iso)).toBe('2025-12-31T23:59');
  });

  it('keeps an empty expiry empty', () => {
    expect(localInputToIso('')).toBe('');
    expect(isoToLocalInput(null)).toBe('');
  });
});
