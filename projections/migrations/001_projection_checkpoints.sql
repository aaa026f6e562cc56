-- One row per projection: the global position of the last event its read model reflects.
-- The runner writes it in the same transaction as the read-model rows it applies, so the
-- two can never disagree; a runner about to apply a batch locks the row (`for update`) and
-- applies only if it still holds the position the batch was read from.
create table projection_checkpoints (
  name text primary key,
  -- Opaque event-store position (`toCheckpoint`); null until the first event is applied.
  position text,
  updated_at timestamptz not null default now(),
  -- Why the projection stopped (a handler threw); cleared when a batch is applied again.
  error text
);
