-- The procedure-type catalogue (`ProcedureTypeDefined`), in the order the types were
-- defined: the protocol's catalogue first, then the types staff add from a patient page.
-- `seq` is an identity column (not serial) so a rebuild can copy the table.
create table procedure_types (
  seq bigint generated always as identity,
  id text primary key,
  name text not null,
  category text not null,
  phase text not null check (phase in ('pre_operative', 'post_operative')),
  is_required boolean not null,
  scheduled_month integer,
  source text not null check (source in ('catalogue', 'staff'))
);
create index procedure_types_in_order on procedure_types (seq);
