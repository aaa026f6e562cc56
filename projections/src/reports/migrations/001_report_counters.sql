-- The reports' statistics by municipality and by establishment (the patient's surgery
-- location), kept by the patients projection as counters changed by each batch's delta:
-- patients, completed and pending procedures, and pending procedures per scheduled date so
-- "overdue" (pending before today) is still summed at read time. Rows reaching zero leave.
-- Backfilled from the patients read model, so a database migrated in place agrees with the
-- patients projection's checkpoint.
create table report_municipalities (
  ibge_code text primary key,
  name text not null,
  uf text not null,
  patients integer not null,
  completed_procedures integer not null,
  pending_procedures integer not null
);
create table report_municipality_pending (
  ibge_code text not null,
  scheduled_date date not null,
  pending integer not null,
  primary key (ibge_code, scheduled_date)
);
create table report_establishments (
  establishment text primary key,
  patients integer not null,
  completed_procedures integer not null,
  pending_procedures integer not null
);
create table report_establishment_pending (
  establishment text not null,
  scheduled_date date not null,
  pending integer not null,
  primary key (establishment, scheduled_date)
);

insert into report_municipalities
select municipality_ibge_code, min(municipality_name), min(municipality_uf), count(*)::int,
  sum(completed_procedures)::int, sum(total_procedures - completed_procedures)::int
from patients group by municipality_ibge_code;

insert into report_establishments
select surgery_location, count(*)::int,
  sum(completed_procedures)::int, sum(total_procedures - completed_procedures)::int
from patients group by surgery_location;

insert into report_municipality_pending
select p.municipality_ibge_code, pp.scheduled_date, count(*)::int
from patient_procedures pp join patients p on p.id = pp.patient_id
where pp.status = 'pending' and pp.scheduled_date is not null
group by p.municipality_ibge_code, pp.scheduled_date;

insert into report_establishment_pending
select p.surgery_location, pp.scheduled_date, count(*)::int
from patient_procedures pp join patients p on p.id = pp.patient_id
where pp.status = 'pending' and pp.scheduled_date is not null
group by p.surgery_location, pp.scheduled_date;
