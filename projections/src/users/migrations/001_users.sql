-- The users read model: one row per live user (a deleted user's row is removed).
-- Emails are stored normalised. Uniqueness of emails is guaranteed by the event model (the
-- `user-email-<email>` reservation streams), so the index here is a plain one: a read model
-- must never refuse an event the write side accepted.
create table users (
  id uuid primary key,
  email text not null,
  first_name text,
  last_name text,
  status text not null check (status in ('pending', 'approved', 'rejected')),
  is_admin boolean not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index users_by_email on users (email);
create index users_by_created_at on users (created_at, id);
