import type { AuditLogEntryDto, CurrentUser } from '@bari/contracts';

/**
 * The audit log as a member of staff who is not an administrator reads it. Every entry stays
 * (who did what, and when, is the trail's point), but an access key's details are the
 * administrators' (their screen is closed to staff): the first characters of its secret, the
 * user it is bound to, its expiry, why it was deactivated.
 */
export function auditEntriesFor(
  user: CurrentUser,
  entries: readonly AuditLogEntryDto[],
): readonly AuditLogEntryDto[] {
  if (user.isAdmin) return entries;
  return entries.map((entry) => (entry.entityType === 'access_key' ? { ...entry, details: null } : entry));
}
