-- The event log, the only source of truth. See docs/event-store.md for the append protocol.

-- One row per stream: the target of each append's compare-and-set, so optimistic concurrency
-- is decided by one row lock before any event is written.
create table streams (
  stream_id text primary key,
  -- 0-based revision of the stream's last event.
  revision bigint not null check (revision >= 0)
);

create table events (
  -- Gaps are possible (a rolled-back append consumes numbers); readers only rely on order.
  global_position bigint generated always as identity primary key,
  -- Unique per event so that a retried command cannot append twice.
  event_id uuid not null unique,
  stream_id text not null references streams (stream_id),
  stream_revision bigint not null check (stream_revision >= 0),
  type text not null,
  data jsonb not null,
  metadata jsonb not null,
  created_at timestamptz not null default now(),
  unique (stream_id, stream_revision)
);

-- History is never rewritten, not even by a hand-typed statement in psql: corrections are
-- new events. (DROP TABLE is a schema change and stays with the migrations' owner.)
create function events_refuse_change() returns trigger
language plpgsql as $$
begin
  raise exception 'the events table is append-only: % refused', tg_op
    using hint = 'Append a compensating event instead of changing history.';
end;
$$;

create trigger events_refuse_update_delete
  before update or delete on events
  for each row execute function events_refuse_change();

create trigger events_refuse_truncate
  before truncate on events
  for each statement execute function events_refuse_change();
