import { describe, expect, it } from 'vitest';
import {
  accessKeyHolder,
  accessKeyStatus,
  isoToLocalInput,
  localInputToIso,
  maskedKey,
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
