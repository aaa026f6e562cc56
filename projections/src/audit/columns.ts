import type { ColumnMap } from '../shared/columns.ts';

/**
 * The `audit_log` table, field by field (`seq` is an identity column the database numbers;
 * `search` is written only by rows from before migration 003, `details` only by rows from
 * before migration 006: `details_json` holds theirs since).
 */
export const AUDIT_LOG_COLUMNS = {
  eventId: { column: 'event_id', type: 'uuid' },
  occurredAt: { column: 'occurred_at', type: 'timestamptz' },
  userId: { column: 'user_id', type: 'text' },
  userEmail: { column: 'user_email', type: 'text' },
  action: { column: 'action', type: 'text' },
  entityType: { column: 'entity_type', type: 'text' },
  entityId: { column: 'entity_id', type: 'text' },
  entityName: { column: 'entity_name', type: 'text' },
  ipAddress: { column: 'ip_address', type: 'text' },
  details: { column: 'details_json', type: 'json' },
  searchTerms: { column: 'search_terms', type: 'text[]' },
} as const satisfies ColumnMap;

/** `audit_search_terms`: each folded name the search matches, once. */
export const AUDIT_SEARCH_TERM_COLUMNS = {
  term: { column: 'term', type: 'text' },
} as const satisfies ColumnMap;

/** The `audit_entities` lookup. */
export const AUDIT_ENTITY_COLUMNS = {
  id: { column: 'id', type: 'text' },
  name: { column: 'name', type: 'text' },
  parentId: { column: 'parent_id', type: 'text' },
  state: { column: 'state', type: 'jsonText' },
} as const satisfies ColumnMap;

/** The `audit_facets` table. */
export const AUDIT_FACET_COLUMNS = {
  key: { column: 'key', type: 'text' },
  kind: { column: 'kind', type: 'text' },
  value: { column: 'value', type: 'text' },
  label: { column: 'label', type: 'text' },
} as const satisfies ColumnMap;
