import type { AuditRow } from './entries.ts';

/*
 * The audit page's filters (`audit_facets`: actions, entity types, users with their latest
 * email) and the names its search matches (`audit_search_terms`), as a batch's rows show them.
 */

export interface FacetRow {
  readonly key: string;
  readonly kind: 'action' | 'entity_type' | 'user';
  readonly value: string;
  readonly label: string | null;
}

/** The facets a batch's rows show (a user's label is their latest email). */
export function facetsOf(rows: readonly AuditRow[]): FacetRow[] {
  const facets = new Map<string, FacetRow>();
  const add = (kind: FacetRow['kind'], value: string, label: string | null = null) =>
    facets.set(`${kind}:${value}`, { key: `${kind}:${value}`, kind, value, label });
  for (const row of rows) {
    add('action', row.action);
    add('entity_type', row.entityType);
    if (row.userId) add('user', row.userId, row.userEmail);
  }
  return [...facets.values()];
}

/** The distinct search terms of a batch's rows. */
export function termsOf(rows: readonly AuditRow[]): { term: string }[] {
  const terms = new Set<string>();
  for (const row of rows) for (const term of row.searchTerms) terms.add(term);
  return [...terms].map((term) => ({ term }));
}

/**
 * The facets and terms of a rebuild's replay so far (`finishReplay` writes them once, into
 * the empty tables): batch after batch, the terms' upserts met mostly names already written.
 */
export interface ReplayFacets {
  /** By key, each with the label of the last batch that showed it (the upserts' outcome). */
  readonly facets: Map<string, FacetRow>;
  readonly terms: Set<string>;
}

const MEMORY_KEY = 'audit-replay-facets';

/** The replay's facets and terms so far, kept in the projection's replay memory. */
export function replayFacets(memory: Map<string, unknown>): ReplayFacets {
  let kept = memory.get(MEMORY_KEY) as ReplayFacets | undefined;
  if (!kept) {
    kept = { facets: new Map(), terms: new Set() };
    memory.set(MEMORY_KEY, kept);
  }
  return kept;
}

/** Adds a committed batch's facets and terms. */
export function addFacets(
  kept: ReplayFacets,
  facets: readonly FacetRow[],
  terms: readonly { term: string }[],
): void {
  for (const facet of facets) kept.facets.set(facet.key, facet);
  for (const { term } of terms) kept.terms.add(term);
}
