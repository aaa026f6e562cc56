-- The search's names (folded: no accents, lower case) are kept once each in `audit_search_terms`,
-- under the trigram index, and each row of the log lists its own, at most three (`search_terms`:
-- the entity's name, a procedure's patient or a looked-up text, the actor's email when it has no
-- user id), each position under a b-tree. A row adds up to three b-tree entries, where its text
-- added about forty trigrams to the old index, whose upkeep was most of the cost of writing the
-- log (4.4 of 9.5 s for 449,000 rows). A search finds the names containing its text, then the
-- rows naming one of them: `search_terms[n] = any(names)` is a b-tree lookup per name, or a hash
-- probe per row when scanning newest first. (A GIN index of the arrays took 115 ms to match the
-- 809 names containing "silva"; its scan is slow with that many keys.)
-- Collation "C": the names are compared for equality only, byte by byte.
create table audit_search_terms (
  term text collate "C" primary key
);
create index audit_search_terms_trigrams on audit_search_terms using gin (term gin_trgm_ops);

alter table audit_log add column search_terms text[] collate "C" not null default '{}'
  check (cardinality(search_terms) <= 3);
create index audit_log_by_search_term_1 on audit_log ((search_terms[1]));
create index audit_log_by_search_term_2 on audit_log ((search_terms[2])) where search_terms[2] is not null;
create index audit_log_by_search_term_3 on audit_log ((search_terms[3])) where search_terms[3] is not null;

-- Rows written before keep their search text, which the same searches still match; the new
-- rows leave it null, and the trigram index covers only the old ones. A rebuild of the audit
-- projection writes every row the new way, and the index is then empty.
alter table audit_log alter column search drop not null;
drop index audit_log_search;
create index audit_log_search on audit_log using gin (search gin_trgm_ops) where search is not null;
comment on column audit_log.search is
  'Rows written before migration 003 only: their folded names, matched by the same searches. Newer rows list their names in search_terms.';
comment on column audit_log.search_terms is
  'The folded names the row shows (entity, a procedure''s patient, a looked-up text, the actor''s email when no user id), each a row of audit_search_terms.';
