import type { DatabaseTransactionConnection, FragmentSqlToken } from 'slonik';
import {
  PatientEventSchema,
  foldText,
  patientEvents,
  type PatientDetails,
  type ProcedureType,
} from '@bari/contracts';
import type { Projection, TableNames } from '../runner/projection.ts';
import { sql } from '../sql.ts';

/*
 * The patients read model: `patients` (the list and the detail header) and
 * `patient_procedures` (the timeline, statistics). Built from the `patient-<id>` streams.
 * After every event the patient's `version` becomes the event's stream revision, and its
 * procedure counters are recounted from its procedures (recounted rather than incremented,
 * so no event can leave them off by one).
 */

type SimpleField = Exclude<keyof PatientDetails, 'municipality'>;

/** The column of each patient field; `municipality` spreads over three (see `detailAssignments`). */
const PATIENT_COLUMNS: Readonly<Record<SimpleField, string>> = {
  name: 'name',
  cpf: 'cpf',
  cns: 'cns',
  admissionDate: 'admission_date',
  dischargeDate: 'discharge_date',
  surgeryDate: 'surgery_date',
  surgeryLocation: 'surgery_location',
  surgeonName: 'surgeon_name',
  aihNumber: 'aih_number',
  sisregCode: 'sisreg_code',
  notes: 'notes',
};

const assign = (column: string, value: string | null): FragmentSqlToken =>
  sql.fragment`${sql.identifier([column])} = ${value}`;

/** `column = value` for each field present in `changes`, the folded search copies included. */
function detailAssignments(changes: Partial<PatientDetails>): FragmentSqlToken[] {
  const assignments: FragmentSqlToken[] = [];
  for (const [field, column] of Object.entries(PATIENT_COLUMNS) as [SimpleField, string][]) {
    const value = changes[field];
    if (value !== undefined) assignments.push(assign(column, value));
  }
  if (changes.name !== undefined) assignments.push(assign('search_name', foldText(changes.name)));
  if (changes.municipality !== undefined) {
    const { ibgeCode, name, uf } = changes.municipality;
    assignments.push(
      assign('municipality_ibge_code', ibgeCode),
      assign('municipality_name', name),
      assign('municipality_uf', uf),
      assign('search_municipality', foldText(name)),
    );
  }
  return assignments;
}

async function insertPatient(
  { tx, tables }: Context,
  patientId: string,
  details: PatientDetails,
  version: number,
  registeredAt: Date,
): Promise<void> {
  await tx.query(sql.typeAlias('void')`
    insert into ${tables('patients')}
      (id, version, registered_at, name, cpf, cns, municipality_ibge_code, municipality_name,
       municipality_uf, admission_date, discharge_date, surgery_date, surgery_location,
       surgeon_name, aih_number, sisreg_code, notes, search_name, search_municipality)
    values (${patientId}, ${version}, ${registeredAt.toISOString()}, ${details.name}, ${details.cpf},
      ${details.cns}, ${details.municipality.ibgeCode}, ${details.municipality.name},
      ${details.municipality.uf}, ${details.admissionDate}, ${details.dischargeDate},
      ${details.surgeryDate}, ${details.surgeryLocation}, ${details.surgeonName},
      ${details.aihNumber}, ${details.sisregCode}, ${details.notes}, ${foldText(details.name)},
      ${foldText(details.municipality.name)})
  `);
}

interface ProcedureRow {
  readonly procedureId: string;
  readonly patientId: string;
  readonly procedureType: ProcedureType;
  readonly status: 'pending' | 'completed';
  readonly scheduledDate: string | null;
  readonly completedDate: string | null;
  readonly location: string | null;
  readonly professionalName: string | null;
  readonly notes: string | null;
}

async function insertProcedure({ tx, tables }: Context, row: ProcedureRow): Promise<void> {
  const type = row.procedureType;
  await tx.query(sql.typeAlias('void')`
    insert into ${tables('patient_procedures')}
      (id, patient_id, procedure_type_id, type_name, type_category, type_phase, type_is_required,
       type_scheduled_month, status, scheduled_date, completed_date, location, professional_name, notes)
    values (${row.procedureId}, ${row.patientId}, ${type.id}, ${type.name}, ${type.category},
      ${type.phase}, ${type.isRequired}, ${type.scheduledMonth}, ${row.status}, ${row.scheduledDate},
      ${row.completedDate}, ${row.location}, ${row.professionalName}, ${row.notes})
  `);
}

async function updateProcedure(
  { tx, tables }: Context,
  procedureId: string,
  assignments: readonly FragmentSqlToken[],
): Promise<void> {
  await tx.query(sql.typeAlias('void')`
    update ${tables('patient_procedures')}
    set ${sql.join(assignments, sql.fragment`, `)}
    where id = ${procedureId}
  `);
}

/** The patient's version (its stream's revision) and procedure counters, after any event. */
async function refreshPatient({ tx, tables }: Context, patientId: string, version: number): Promise<void> {
  await tx.query(sql.typeAlias('void')`
    update ${tables('patients')} as patient
    set version = ${version},
      total_procedures = counts.total,
      completed_procedures = counts.completed,
      required_procedures = counts.required,
      completed_required_procedures = counts.completed_required
    from (
      select count(*)::int as total,
        count(*) filter (where status = 'completed')::int as completed,
        count(*) filter (where type_is_required)::int as required,
        count(*) filter (where type_is_required and status = 'completed')::int as completed_required
      from ${tables('patient_procedures')}
      where patient_id = ${patientId}
    ) as counts
    where patient.id = ${patientId}
  `);
}

interface Context {
  readonly tx: DatabaseTransactionConnection;
  readonly tables: TableNames;
}

/** Builds `patients` and `patient_procedures` from the events of the `patient-<id>` streams. */
export const patientsProjection: Projection = {
  name: 'patients',
  eventTypes: patientEvents.map((definition) => definition.type),
  tables: ['patients', 'patient_procedures'],
  async handle(recorded, context) {
    const event = PatientEventSchema.parse({ type: recorded.type, data: recorded.data });
    const version = Number(recorded.revision);
    const { tx, tables } = context;
    const patientId = event.data.patientId;
    switch (event.type) {
      case 'PatientRegistered': {
        const { patientId: _id, ...details } = event.data;
        await insertPatient(context, patientId, details, version, recorded.createdAt);
        return;
      }
      case 'PatientUpdated': {
        const assignments = detailAssignments(event.data.changes);
        if (assignments.length > 0) {
          await tx.query(sql.typeAlias('void')`
            update ${tables('patients')} set ${sql.join(assignments, sql.fragment`, `)}
            where id = ${patientId}
          `);
        }
        break;
      }
      case 'PatientDeleted':
        // Out of every read model; the stream keeps the history for the audit trail.
        await tx.query(sql.typeAlias('void')`
          delete from ${tables('patient_procedures')} where patient_id = ${patientId}
        `);
        await tx.query(sql.typeAlias('void')`delete from ${tables('patients')} where id = ${patientId}`);
        return;
      case 'ProcedureAssigned':
        await insertProcedure(context, {
          procedureId: event.data.procedureId,
          patientId,
          procedureType: event.data.procedureType,
          status: 'pending',
          scheduledDate: event.data.scheduledDate,
          completedDate: null,
          location: null,
          professionalName: null,
          notes: null,
        });
        break;
      case 'LegacyProcedureImported':
        await insertProcedure(context, event.data);
        break;
      case 'ProcedureCompleted':
      case 'ProcedureCompletionChanged': {
        const { completedDate, location, professionalName, notes } = event.data;
        await updateProcedure(context, event.data.procedureId, [
          sql.fragment`status = 'completed'`,
          sql.fragment`completed_date = ${completedDate}`,
          sql.fragment`location = ${location}`,
          sql.fragment`professional_name = ${professionalName}`,
          sql.fragment`notes = ${notes}`,
        ]);
        break;
      }
      case 'ProcedureReopened':
        await updateProcedure(context, event.data.procedureId, [
          sql.fragment`status = 'pending'`,
          sql.fragment`completed_date = null`,
        ]);
        break;
      case 'ProcedureRescheduled':
        await updateProcedure(context, event.data.procedureId, [
          sql.fragment`scheduled_date = ${event.data.scheduledDate}`,
        ]);
        break;
      case 'ProcedureRemoved':
        await tx.query(sql.typeAlias('void')`
          delete from ${tables('patient_procedures')} where id = ${event.data.procedureId}
        `);
        break;
      default: {
        const unexpected: never = event;
        throw new Error(`Unhandled patient event ${(unexpected as { type: string }).type}`);
      }
    }
    await refreshPatient(context, patientId, version);
  },
};
