import type { AuditLogEntryDto } from '@bari/contracts';
import { describe, expect, it } from 'vitest';
import { groupByCommand } from './audit-groups.ts';

const entry = (id: string, overrides: Partial<AuditLogEntryDto> = {}): AuditLogEntryDto => ({
  id,
  timestamp: '2026-11-27T10:00:00.000Z',
  userId: 'u1',
  userEmail: 'enfermeira@hospital.br',
  action: 'COMPLETE_PROCEDURE',
  entityType: 'procedure',
  entityId: `procedure-${id}`,
  entityName: `Exame ${id}`,
  ipAddress: '10.0.0.7',
  details: { patientId: 'p1', patientName: 'Maria' },
  ...overrides,
});

describe('groupByCommand', () => {
  it('given the entries one command wrote about one patient, then one group, in place', () => {
    const rows = groupByCommand([
      entry('a', { action: 'LOGIN', entityType: 'user', details: null }),
      entry('b'),
      entry('c'),
      entry('d'),
      entry('e', { timestamp: '2026-11-27T09:59:00.000Z' }),
    ]);
    expect(
      rows.map((row) => (row.kind === 'group' ? row.entries.map(({ id }) => id) : row.entry.id)),
    ).toEqual(['a', ['b', 'c', 'd'], 'e']);
    expect(rows[1]).toMatchObject({ kind: 'group', id: 'b' });
  });

  it('given another actor, action or patient, or a patient entry, then separate rows', () => {
    const rows = groupByCommand([
      entry('a'),
      entry('b', { userId: 'u2' }),
      entry('c', { action: 'RESCHEDULE_PROCEDURE' }),
      entry('d', { details: { patientId: 'p2', patientName: 'Ana' } }),
      entry('e', { entityType: 'patient', entityId: 'p2', details: null }),
      entry('f', { entityType: 'patient', entityId: 'p2', details: null }),
    ]);
    expect(rows.every((row) => row.kind === 'entry')).toBe(true);
  });
});
