import type { CommonQueryMethods } from 'slonik';
import { patientEvents } from '@bari/contracts';
import { sql } from '@bari/db';
import type { RecordedEvent } from '@bari/event-store';
import type { Projection, TableNames } from '../runner/projection.ts';
import { deleteWhereIn, insertRows, loadRows, upsertRows, writeBatchRows } from '../shared/columns.ts';
import { parsePatientEvent } from '../shared/patient-event.ts';
import {
  PATIENT_COLUMNS,
  PROCEDURE_COLUMNS,
  PROCEDURE_LIST_COLUMNS,
  PROCEDURE_TYPE_ROW_COLUMNS,
} from './columns.ts';
import { REPORT_TABLES, reportCounterDeltas, writeReportCounters } from '../reports/write-counters.ts';
import {
  addBatch,
  replayTotals,
  statisticChanges,
  totalChanges,
  type StatisticName,
} from './replay-totals.ts';
import {
  batchChanges,
  foldPatientEvents,
  hadOwnRow,
  rowsToLoad,
  type FoldEvent,
  type PatientRow,
  type WorkingSet,
} from './fold.ts';
import {
  appendToLists,
  loadListedProcedures,
  loadOwnProcedures,
  loadProcedureTypes,
  mergeLoadedProcedures,
  procedureTablesOf,
  removeFromLists,
} from './procedure-sources.ts';
import { procedureTypePageJson } from './type-page-json.ts';

/*
 * The patients read model: `patients` (the list and the detail header), the procedures (the
 * timeline: a row each in `patient_procedures`, or listed per patient in
 * `patient_procedure_lists` while untouched since their bulk assignment; `procedure-sources.ts`)
 * and the statistics counters (`patient_statistics`, and pending procedures
 * per scheduled date in `pending_procedures_by_date`, so "overdue" is a sum over the dates
 * before today, computed at read time). Built from the `patient-<id>` streams, a batch at a
 * time: one load per table, the fold in memory (`fold.ts`), multi-row writes.
 */

const toFoldEvent = (recorded: RecordedEvent): FoldEvent => ({
  event: parsePatientEvent(recorded),
  revision: Number(recorded.revision),
  // The instant the command was decided (its metadata), as the API's write answers say it.
  recordedAt: new Date(recorded.metadata.timestamp).toISOString(),
});

async function load(
  db: CommonQueryMethods,
  tables: TableNames,
  events: readonly FoldEvent[],
): Promise<WorkingSet> {
  const wanted = rowsToLoad(events);
  const sources = procedureTablesOf(tables);
  const patients = await loadRows<typeof PATIENT_COLUMNS, PatientRow>(
    db,
    tables('patients'),
    PATIENT_COLUMNS,
    PATIENT_COLUMNS.id,
    wanted.patientIds,
  );
  // A changed procedure may have a row, be listed, or both (a row overrides its listing).
  const rows = [
    ...(await loadOwnProcedures(db, sources, 'id', wanted.procedureIds)),
    ...(await loadOwnProcedures(db, sources, 'patientId', wanted.proceduresOfPatients)),
  ];
  const listed = [
    ...(await loadListedProcedures(db, sources, wanted.patientsOfProcedures, wanted.procedureIds)),
    ...(await loadListedProcedures(db, sources, wanted.proceduresOfPatients)),
  ];
  const types = await loadProcedureTypes(db, sources, wanted.typeIds);
  return {
    patients: new Map(patients.map((row) => [row.id, row])),
    procedures: mergeLoadedProcedures(rows, listed),
    types: new Map(types.map((type) => [type.id, type])),
  };
}

/** Adds changes to the statistics' counters and to the pending procedures per date. */
async function writeStatistics(
  db: CommonQueryMethods,
  tables: TableNames,
  changed: readonly [StatisticName, number][],
  pendingByDate: ReadonlyMap<string, number>,
): Promise<void> {
  if (changed.length > 0) {
    await db.query(sql.typeAlias('void')`
      insert into ${tables('patient_statistics')} as s (name, value)
      select * from unnest(${sql.array(
        changed.map(([name]) => name),
        'text',
      )}, ${sql.array(
        changed.map(([, change]) => change),
        'int8',
      )})
      on conflict (name) do update set value = s.value + excluded.value
    `);
  }
  if (pendingByDate.size > 0) {
    const dates = [...pendingByDate.keys()];
    await db.query(sql.typeAlias('void')`
      insert into ${tables('pending_procedures_by_date')} as p (scheduled_date, pending)
      select * from unnest(${sql.array(dates, 'date')}, ${sql.array(
        dates.map((date) => pendingByDate.get(date)!),
        'int4',
      )})
      on conflict (scheduled_date) do update set pending = p.pending + excluded.pending
    `);
  }
}

/** Builds the patients read model and its statistics from the `patient-<id>` streams. */
export const patientsProjection: Projection = {
  name: 'patients',
  eventTypes: patientEvents.map((definition) => definition.type),
  tables: [
    'patients',
    'patient_procedures',
    'patient_procedure_lists',
    'patient_procedure_types',
    'patient_statistics',
    'pending_procedures_by_date',
    // The reports' counters by municipality and establishment, fed from the same batch.
    ...REPORT_TABLES,
  ],
  // A deleted patient's procedures are found by patient.
  indexesUsedByApply: ['patient_procedures_by_patient'],
  async apply(recorded, { tx, tables, replay }) {
    const events = recorded.map(toFoldEvent);
    const loaded = await load(tx, tables, events);
    const folded: WorkingSet = {
      patients: new Map(loaded.patients),
      procedures: new Map(loaded.procedures),
      types: new Map(loaded.types),
    };
    foldPatientEvents(folded, events);
    const changes = batchChanges(loaded, folded);
    const reports = await reportCounterDeltas(tx, tables, loaded, folded);
    if (replay) {
      // A rebuild's replay: summed, and written once by `finishReplay`.
      const totals = replayTotals(replay.memory);
      replay.afterCommit(() => addBatch(totals, reports, changes.statistics));
    } else {
      await writeReportCounters(tx, tables, reports);
      await writeStatistics(
        tx,
        tables,
        statisticChanges(changes.statistics),
        changes.statistics.pendingByDate,
      );
    }
    const sources = procedureTablesOf(tables);
    await deleteWhereIn(tx, tables('patient_procedures'), PROCEDURE_COLUMNS.id, changes.deletedProcedureIds);
    await deleteWhereIn(
      tx,
      tables('patient_procedure_lists'),
      PROCEDURE_LIST_COLUMNS.patientId,
      changes.deletedPatientIds,
    );
    await removeFromLists(tx, sources, changes.unlisted);
    await deleteWhereIn(tx, tables('patients'), PATIENT_COLUMNS.id, changes.deletedPatientIds);
    await upsertRows(tx, tables('patients'), PATIENT_COLUMNS, 'id', changes.patients);
    // Types it did not find when it loaded them are new to the lists.
    await insertRows(
      tx,
      tables('patient_procedure_types'),
      PROCEDURE_TYPE_ROW_COLUMNS,
      changes.types.map((type) => ({ ...type, pageJson: procedureTypePageJson(type) })),
    );
    // A procedure that had no row of its own when loaded (assigned, or listed until now): new.
    await writeBatchRows(
      tx,
      tables('patient_procedures'),
      PROCEDURE_COLUMNS,
      'id',
      changes.procedures,
      (row) => hadOwnRow(loaded, row.id),
    );
    await appendToLists(tx, sources, changes.listed);
  },
  async finishReplay({ tx, tables, replay }) {
    const totals = replayTotals(replay.memory);
    // Nothing wrote them during the replay: the tables are empty.
    await writeReportCounters(tx, tables, totals.reports, 'empty');
    await writeStatistics(tx, tables, totalChanges(totals), totals.statistics.pendingByDate);
  },
};
