-- Counters of failed logins for rate-limiter-flexible's RateLimiterPostgres, in the exact
-- shape it creates itself (created here so the API never runs DDL at request time).
-- Keys are `<prefix>:<ip>` or `<prefix>:<sha-256 of the email>`; `expire` is epoch ms.
create table login_rate_limits (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);
create index login_rate_limits_by_expire on login_rate_limits (expire);
