-- The audit log: one row per auditable event (changes, logins, access events), derived from
-- the event log and rebuildable. `seq` numbers the rows in log order (newest first = seq desc).
create extension if not exists pg_trgm;
create table audit_log (
  seq bigint generated always as identity,
  event_id uuid primary key,
  occurred_at timestamptz not null,
  user_id text,
  user_email text,
  action text not null,
  entity_type text not null,
  entity_id text,
  entity_name text,
  ip_address text,
  details jsonb,
  -- Folded (no accents, lower case) user email, entity name, patient name and action label.
  search text not null
);
create index audit_log_newest_first on audit_log (seq desc);
create index audit_log_by_time on audit_log (occurred_at, seq);
create index audit_log_by_action on audit_log (action, seq desc);
create index audit_log_by_entity_type on audit_log (entity_type, seq desc);
create index audit_log_by_user on audit_log (user_id, seq desc);
create index audit_log_search on audit_log using gin (search gin_trgm_ops);

-- The projection's own lookup of the entities it names (patients, procedures, users, access
-- keys): their name and, for old → new values, their last known fields. Never read by the API.
create table audit_entities (
  id text primary key,
  name text not null,
  parent_id text,
  state jsonb not null
);

-- Distinct actions, entity types and users present in the log, for the filters: kept by
-- the projection so the facets never scan the log.
create table audit_facets (
  key text primary key,
  kind text not null check (kind in ('action', 'entity_type', 'user')),
  value text not null,
  label text
);
