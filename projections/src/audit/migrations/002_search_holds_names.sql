-- `search` now holds only the folded names a row shows: the entity's, a procedure's patient's,
-- and the actor's email on a row without a user id. The actor's email and the action's label are
-- a few values repeated on most rows: the search matches them through `audit_facets` and the
-- label catalogue (projections/src/audit/queries.ts), which halves the trigram index's entries.
-- Rows written before keep their longer text, which the same searches still match; a rebuild of
-- the audit projection shortens them.
comment on column audit_log.search is
  'Folded names the row shows (entity, a procedure''s patient, the actor''s email when no user id); emails and action labels are matched through audit_facets and the label catalogue.';
