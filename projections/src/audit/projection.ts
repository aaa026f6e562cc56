import { insertStatement, loadRows, upsertStatement, writeTogether } from '../shared/columns.ts';
import type { Projection } from '../runner/projection.ts';
import {
  AUDIT_ENTITY_COLUMNS,
  AUDIT_FACET_COLUMNS,
  AUDIT_LOG_COLUMNS,
  AUDIT_SEARCH_TERM_COLUMNS,
} from './columns.ts';
import { AUDITED_EVENT_TYPES, auditRows } from './entries.ts';
import { entitiesToLoad, type EntityRow } from './entities.ts';
import { addFacets, facetsOf, replayFacets, termsOf } from './facets.ts';
import { loadAssignedPicks } from './load-assigned.ts';

/**
 * The audit log (`audit_log`): one row per auditable event of the log — patient, procedure,
 * user, access-key and system events, logins and access events — with who, when, from where,
 * the entity and the details (old → new values). A batch loads the entities it names from
 * its own lookup (`audit_entities`) in one query, folds in memory, then writes the new rows,
 * the changed lookup rows, the facets and the search terms in one statement (during a
 * rebuild's replay, the facets and terms are kept and written once, by `finishReplay`).
 */
export const auditProjection: Projection = {
  name: 'audit',
  eventTypes: AUDITED_EVENT_TYPES,
  tables: ['audit_log', 'audit_entities', 'audit_facets', 'audit_search_terms'],
  async apply(events, { tx, tables, replay }) {
    const { ids, picks } = entitiesToLoad(events);
    const loaded = [
      ...(await loadRows<typeof AUDIT_ENTITY_COLUMNS, EntityRow>(
        tx,
        tables('audit_entities'),
        AUDIT_ENTITY_COLUMNS,
        AUDIT_ENTITY_COLUMNS.id,
        ids,
      )),
      // Partial rows: never written back, as only their own events (loaded whole) change them.
      ...(await loadAssignedPicks(tx, tables('audit_entities'), picks)),
    ];
    const before = new Map(loaded.map((row) => [row.id, row]));
    const entities = new Map(before);
    const rows = auditRows(events, entities);
    const changed = [...entities.values()].filter((row) => before.get(row.id) !== row);
    const created = changed.filter((row) => !before.has(row.id));
    const reloaded = changed.filter((row) => before.has(row.id));
    const facets = facetsOf(rows);
    const terms = termsOf(rows);
    if (replay) {
      const kept = replayFacets(replay.memory);
      replay.afterCommit(() => addFacets(kept, facets, terms));
    }
    // One statement, one round trip (a live batch is often one event, and a command waits for
    // it): each write touches rows the others do not.
    await writeTogether(tx, [
      // An entity the batch did not load is one it names for the first time: new.
      insertStatement(tables('audit_entities'), AUDIT_ENTITY_COLUMNS, created),
      upsertStatement(tables('audit_entities'), AUDIT_ENTITY_COLUMNS, 'id', reloaded),
      replay ? null : upsertStatement(tables('audit_facets'), AUDIT_FACET_COLUMNS, 'key', facets),
      // Each name once: a term already known is left as it is.
      replay ? null : upsertStatement(tables('audit_search_terms'), AUDIT_SEARCH_TERM_COLUMNS, 'term', terms),
      // One row per event, keyed by its id: always new (a batch is applied once, with its
      // checkpoint); numbered (`seq`) in their order.
      insertStatement(tables('audit_log'), AUDIT_LOG_COLUMNS, rows),
    ]);
  },
  async finishReplay({ tx, tables, replay }) {
    const { facets, terms } = replayFacets(replay.memory);
    // Nothing wrote them during the replay: the tables are empty.
    await writeTogether(tx, [
      insertStatement(tables('audit_facets'), AUDIT_FACET_COLUMNS, [...facets.values()]),
      insertStatement(
        tables('audit_search_terms'),
        AUDIT_SEARCH_TERM_COLUMNS,
        [...terms].map((term) => ({ term })),
      ),
    ]);
  },
};
