-- Server-side HTTP sessions (koa-session's external store). Not event-sourced: a session is
-- short-lived technical state, and keeping it here is what lets logout, rejection, deletion
-- and key deactivation end a session at once, in every API process.
--
-- The cookie holds a 256-bit random id; only its SHA-256 is stored, so a copy of this table
-- cannot be replayed as cookies.
create table http_sessions (
  id_hash text primary key check (id_hash ~ '^[0-9a-f]{64}$'),
  user_id uuid,
  access_key_id uuid,
  -- The rest of koa-session's data (it keeps its own bookkeeping fields there).
  data jsonb not null,
  created_at timestamptz not null,
  last_seen_at timestamptz not null
);
create index http_sessions_by_user on http_sessions (user_id);
create index http_sessions_by_access_key on http_sessions (access_key_id);
create index http_sessions_by_last_seen on http_sessions (last_seen_at);
