import { describe, expect, it } from 'vitest';
import type { AuditLogEntryDto, CurrentUser } from '@bari/contracts';
import { auditEntriesFor } from './staff-view.ts';

const entry = (entityType: AuditLogEntryDto['entityType'], details: AuditLogEntryDto['details']) =>
  ({
    id: '1',
    timestamp: '2026-11-29T12:00:00.000Z',
    userId: 'u1',
    userEmail: 'admin@baricare.local',
    action: entityType === 'access_key' ? 'CREATE_ACCESS_KEY' : 'UPDATE_PATIENT',
    entityType,
    entityId: 'e1',
    entityName: 'Chave da Ana',
    ipAddress: '127.0.0.1',
    details,
  }) as AuditLogEntryDto;

const user = (isAdmin: boolean) => ({ isAdmin }) as CurrentUser;

describe('auditEntriesFor', () => {
  const key = entry('access_key', { values: { keyPrefix: 'bc_k3Yx9', boundUserId: 'u2' } });
  const patient = entry('patient', { changes: [{ field: 'name', from: 'Ana', to: 'Ana Maria' }] });

  it("given a member of staff, when the log lists an access key's entry, then its details are left out", () => {
    expect(auditEntriesFor(user(false), [key, patient])).toEqual([{ ...key, details: null }, patient]);
  });

  it('given an administrator, then every entry is as stored', () => {
    expect(auditEntriesFor(user(true), [key, patient])).toEqual([key, patient]);
  });
});
