-- Whether the system was initialized: at most one row (the constant key), written by the
-- first `SystemInitialized` and touched by each forced run.
create table system_initialization (
  singleton boolean primary key default true check (singleton),
  initialized_at timestamptz not null,
  forced_runs integer not null default 0,
  last_forced_at timestamptz
);
