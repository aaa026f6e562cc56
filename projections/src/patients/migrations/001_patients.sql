-- The patients read model: one row per live patient (deleted ones leave), and its
-- procedures, each with a copy of its type (types never change). Time-dependent state
-- (overdue procedures, the pre_op status) is computed at read time, never stored.
-- Identity columns and no foreign keys, so a rebuild can copy the tables (docs/projections.md).
create table patients (
  id uuid primary key,
  -- Revision of the patient's stream after its last event: `version`, the ETag.
  version integer not null,
  registered_at timestamptz not null,
  name text not null,
  cpf text not null,
  cns text,
  municipality_ibge_code text not null,
  municipality_name text not null,
  municipality_uf text not null,
  admission_date date not null,
  discharge_date date,
  surgery_date date,
  surgery_location text not null,
  surgeon_name text not null,
  aih_number text,
  sisreg_code text,
  notes text,
  -- Folded copies (`foldText`: no accents, lower case, single spaces) for the list's search.
  search_name text not null,
  search_municipality text not null,
  -- Recounted from patient_procedures after each procedure event: progress and status.
  total_procedures integer not null default 0,
  completed_procedures integer not null default 0,
  required_procedures integer not null default 0,
  completed_required_procedures integer not null default 0
);
create index patients_newest_first on patients (registered_at desc, id);

create table patient_procedures (
  -- Assignment order (the timeline lists a category's procedures in this order).
  seq bigint generated always as identity,
  id uuid primary key,
  patient_id uuid not null,
  procedure_type_id text not null,
  type_name text not null,
  type_category text not null,
  type_phase text not null check (type_phase in ('pre_operative', 'post_operative')),
  type_is_required boolean not null,
  type_scheduled_month integer,
  status text not null check (status in ('pending', 'completed')),
  scheduled_date date,
  completed_date date,
  location text,
  professional_name text,
  notes text
);
create index patient_procedures_by_patient on patient_procedures (patient_id, seq);
-- Statistics: pending procedures by scheduled date (overdue = before today).
create index patient_procedures_pending_by_date on patient_procedures (scheduled_date)
  where status = 'pending';
