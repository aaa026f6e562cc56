-- Statistics from counters kept by the projection instead of a scan of every procedure at
-- read time: totals by name, and pending procedures per scheduled date (overdue = the sum
-- over the dates before today, still computed when read). Backfilled from the rows, so a
-- database migrated in place agrees with its checkpoint.
create table patient_statistics (
  name text primary key check (name in ('patients', 'completed_procedures', 'pending_procedures')),
  value bigint not null
);
insert into patient_statistics (name, value)
select 'patients', count(*) from patients
union all
select 'completed_procedures', count(*) from patient_procedures where status = 'completed'
union all
select 'pending_procedures', count(*) from patient_procedures where status = 'pending';

create table pending_procedures_by_date (
  scheduled_date date primary key,
  pending integer not null
);
insert into pending_procedures_by_date (scheduled_date, pending)
select scheduled_date, count(*) from patient_procedures
where status = 'pending' and scheduled_date is not null
group by scheduled_date;

-- The statistics no longer scan pending procedures by date.
drop index patient_procedures_pending_by_date;

-- The list's search (substrings of the folded name, municipality and CNS) through trigram
-- indexes; pg_trgm is a trusted extension shipped with PostgreSQL.
create extension if not exists pg_trgm;
create index patients_search_name on patients using gin (search_name gin_trgm_ops);
create index patients_search_municipality on patients using gin (search_municipality gin_trgm_ops);
create index patients_search_cns on patients using gin (cns gin_trgm_ops);

-- The list's default order: name as a Brazilian reader sorts it, then id (stable pages).
create index patients_by_name on patients (name collate "pt-BR-x-icu", id);
create index patients_by_admission on patients (admission_date, id);
