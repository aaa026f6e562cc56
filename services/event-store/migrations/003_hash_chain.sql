-- A verifiable log: each event carries a SHA-256 hash of its content chained to the previous
-- event's hash, so a change to any stored event (even by a superuser with the append-only
-- triggers disabled) breaks the chain from that position on. `npm run audit -- verify`
-- recomputes it; an administrator who writes down the head position and hash can also detect
-- a rewritten tail. Computed inside the append, under the lock that already orders appends.
alter table events add column hash bytea;

-- Everything stored, in text forms that do not depend on session settings (jsonb's text is
-- canonical; the instant as epoch microseconds, not in the session's time zone).
create function bari_event_hash(
  previous bytea,
  global_position bigint,
  event_id uuid,
  stream_id text,
  stream_revision bigint,
  type text,
  data jsonb,
  metadata jsonb,
  created_at timestamptz
) returns bytea
language sql immutable parallel safe
as $$
  select sha256(coalesce(previous, '\x'::bytea) || convert_to(concat_ws(E'\n',
    global_position::text, event_id::text, stream_id, stream_revision::text, type,
    data::text, metadata::text, (extract(epoch from created_at) * 1000000)::bigint::text), 'UTF8'))
$$;

-- The previous event is the one with the highest position: appends hold the append lock
-- (taken again here, re-entrant, for any insert that bypasses bari_append_batch) and draw
-- positions one at a time in lock order; rows inserted earlier by the same statement are
-- visible to a row-level BEFORE trigger.
create function events_chain_hash() returns trigger
language plpgsql as $$
declare
  previous bytea;
begin
  perform pg_advisory_xact_lock(7340202);
  select e.hash into previous from events e order by e.global_position desc limit 1;
  new.hash := bari_event_hash(previous, new.global_position, new.event_id, new.stream_id,
    new.stream_revision, new.type, new.data, new.metadata, new.created_at);
  return new;
end;
$$;
create trigger events_chain_hash before insert on events
  for each row execute function events_chain_hash();

-- Events stored before this migration join the chain, oldest first.
alter table events disable trigger events_refuse_update_delete;
do $$
declare
  r record;
  previous bytea;
begin
  for r in select * from events order by global_position loop
    previous := bari_event_hash(previous, r.global_position, r.event_id, r.stream_id,
      r.stream_revision, r.type, r.data, r.metadata, r.created_at);
    update events set hash = previous where global_position = r.global_position;
  end loop;
end;
$$;
alter table events enable trigger events_refuse_update_delete;

-- Each run of `npm run audit -- verify`: when, how far, and where the chain broke (if it did).
create table event_log_verifications (
  verified_at timestamptz not null default now(),
  head_position bigint,
  head_hash text,
  checked bigint not null,
  broken_position bigint
);
create index event_log_verifications_newest on event_log_verifications (verified_at desc);
