-- A registration assigns about 93 procedures, and most stay untouched for months: a row each
-- was most of what a registration and a rebuild wrote (1.8 million rows for 20,000 patients).
-- A bulk assignment's procedures are now listed, as assigned, per patient, in
-- `patient_procedure_lists`, naming their type in `patient_procedure_types`;
-- `patient_procedures` keeps a row for each procedure an event changed after its assignment,
-- which overrides its listing (the list keeps it), and for each one assigned alone. Only a
-- removal takes a procedure out of its list. Reads take the rows and the listed procedures
-- without one (`proceduresTable` in `projections/src/patients/procedure-sources.ts`).

-- The types the lists name, as the first assignment that listed them carried them (types never
-- change; a procedure whose copy differs gets a row of its own).
create table patient_procedure_types (
  id text primary key,
  name text not null,
  category text not null,
  phase text not null check (phase in ('pre_operative', 'post_operative')),
  is_required boolean not null,
  scheduled_month integer
);

-- One row per patient with listed procedures: the i-th element of each array is one procedure,
-- pending, with no completion details. `ordinals` places each one in the patient's timeline.
create table patient_procedure_lists (
  patient_id uuid primary key,
  procedure_ids uuid[] not null,
  type_ids text[] not null,
  scheduled_dates date[] not null,
  ordinals integer[] not null
);
-- `PATCH /api/procedures/:id` finds the patient of a listed procedure through this index.
create index patient_procedure_lists_by_procedure on patient_procedure_lists using gin (procedure_ids);
-- The arrays are only read whole or through that index: their statistics (most common elements
-- of 1.8 million values at 20,000 patients) took `analyze` 1.2 s and no plan uses them.
alter table patient_procedure_lists
  alter column procedure_ids set statistics 0,
  alter column type_ids set statistics 0,
  alter column scheduled_dates set statistics 0,
  alter column ordinals set statistics 0;

-- The timeline's order was the table's global insertion order (`seq`); a listed procedure that
-- moves to a row of its own keeps its place, so the order is now each patient's own count.
alter table patient_procedures add column ordinal integer;
update patient_procedures p set ordinal = o.ordinal
from (
  select id, (row_number() over (partition by patient_id order by seq))::int - 1 as ordinal
  from patient_procedures
) o
where o.id = p.id;
alter table patient_procedures alter column ordinal set not null;
drop index patient_procedures_by_patient;
alter table patient_procedures drop column seq;
create index patient_procedures_by_patient on patient_procedures (patient_id, ordinal);

-- Procedures assigned to the patient so far: the next one's ordinal.
alter table patients add column assigned_procedures integer not null default 0;
update patients p set assigned_procedures = c.assigned
from (select patient_id, count(*)::int as assigned from patient_procedures group by patient_id) c
where c.patient_id = p.id;
