-- The access-keys read model. Never the key itself: only its SHA-256 (to find it at login)
-- and its first 8 characters (to show it). Expiry ('Expirada') is computed at read time.
create table access_keys (
  id uuid primary key,
  key_hash text not null unique check (key_hash ~ '^[0-9a-f]{64}$'),
  key_prefix text not null,
  description text not null,
  created_at timestamptz not null,
  expires_at timestamptz,
  is_active boolean not null,
  usage_count integer not null default 0 check (usage_count >= 0),
  -- Null while the key is an invitation nobody has used.
  bound_user_id uuid,
  last_used_at timestamptz
);
create index access_keys_by_bound_user on access_keys (bound_user_id);
create index access_keys_by_created_at on access_keys (created_at, id);
