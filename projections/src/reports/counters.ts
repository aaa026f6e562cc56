import type { PatientRow, ProcedureRow, WorkingSet } from '../patients/fold.ts';

/*
 * The reports' counters as a pure function of one batch: the rows as loaded and as folded
 * by the patients projection give, per municipality and per establishment, the change in
 * patients, completed and pending procedures and pending procedures per scheduled date.
 * A patient whose municipality or surgery location changes takes all its procedures along,
 * so for those patients the caller also loads every procedure (`allProcedures`).
 */

/** The changes of one group (a municipality or an establishment). */
export interface GroupDelta {
  patients: number;
  completed: number;
  pending: number;
  readonly pendingByDate: Map<string, number>;
  /** The municipality's name and UF (as the latest patient row spells them). */
  label?: { readonly name: string; readonly uf: string };
}

export interface ReportDeltas {
  readonly municipalities: Map<string, GroupDelta>;
  readonly establishments: Map<string, GroupDelta>;
}

interface Dimension {
  readonly key: (patient: PatientRow) => string;
  readonly deltas: (result: ReportDeltas) => Map<string, GroupDelta>;
  readonly labelled: boolean;
}

const DIMENSIONS: readonly Dimension[] = [
  {
    key: (patient) => patient.municipalityIbgeCode as string,
    deltas: (r) => r.municipalities,
    labelled: true,
  },
  { key: (patient) => patient.surgeryLocation as string, deltas: (r) => r.establishments, labelled: false },
];

/** Patients whose municipality or establishment the batch changes (both rows present). */
export function movedPatientIds(loaded: WorkingSet, folded: WorkingSet): string[] {
  const moved: string[] = [];
  for (const [id, after] of folded.patients) {
    const before = loaded.patients.get(id);
    if (before && after && DIMENSIONS.some((dimension) => dimension.key(before) !== dimension.key(after))) {
      moved.push(id);
    }
  }
  return moved;
}

function groupOf(deltas: Map<string, GroupDelta>, key: string): GroupDelta {
  let group = deltas.get(key);
  if (!group) {
    group = { patients: 0, completed: 0, pending: 0, pendingByDate: new Map() };
    deltas.set(key, group);
  }
  return group;
}

function count(group: GroupDelta, procedure: ProcedureRow, sign: 1 | -1): void {
  if (procedure.status === 'completed') {
    group.completed += sign;
    return;
  }
  group.pending += sign;
  const date = procedure.scheduledDate;
  if (date !== null) group.pendingByDate.set(date, (group.pendingByDate.get(date) ?? 0) + sign);
}

/**
 * The batch's changes to the report counters. `allProcedures` holds, for each patient of
 * `movedPatientIds`, every procedure it had before the batch.
 */
export function reportDeltas(
  loaded: WorkingSet,
  folded: WorkingSet,
  allProcedures: ReadonlyMap<string, readonly ProcedureRow[]>,
): ReportDeltas {
  const result: ReportDeltas = { municipalities: new Map(), establishments: new Map() };
  const beforeOf = (id: string) => loaded.patients.get(id) ?? null;
  const afterOf = (id: string) => (folded.patients.has(id) ? folded.patients.get(id)! : beforeOf(id));
  for (const dimension of DIMENSIONS) {
    const deltas = dimension.deltas(result);
    const group = (patient: PatientRow) => {
      const delta = groupOf(deltas, dimension.key(patient));
      if (dimension.labelled) {
        delta.label = { name: patient.municipalityName as string, uf: patient.municipalityUf as string };
      }
      return delta;
    };
    const moves = new Set<string>();
    for (const id of new Set([...loaded.patients.keys(), ...folded.patients.keys()])) {
      const before = beforeOf(id);
      const after = afterOf(id);
      const moving = before !== null && after !== null && dimension.key(before) !== dimension.key(after);
      if (moving) moves.add(id);
      if (before && (!after || moving)) group(before).patients -= 1;
      if (after && (!before || moving)) group(after).patients += 1;
    }
    // Procedures of patients staying in their group: each changed one moves its own counts.
    for (const [id, afterRow] of folded.procedures) {
      const beforeRow = loaded.procedures.get(id) ?? null;
      if (afterRow === beforeRow) continue;
      const patientId = (afterRow ?? beforeRow)!.patientId;
      if (moves.has(patientId)) continue;
      const patient = afterOf(patientId) ?? beforeOf(patientId);
      if (!patient) continue;
      if (beforeRow) count(group(beforeOf(patientId) ?? patient), beforeRow, -1);
      if (afterRow) count(group(afterOf(patientId) ?? patient), afterRow, 1);
    }
    // Patients changing group: all their procedures leave the old one and join the new one.
    for (const patientId of moves) {
      const before = allProcedures.get(patientId) ?? [];
      const seen = new Set<string>();
      for (const procedure of before) {
        seen.add(procedure.id);
        count(group(beforeOf(patientId)!), procedure, -1);
        const now = folded.procedures.has(procedure.id) ? folded.procedures.get(procedure.id)! : procedure;
        if (now) count(group(afterOf(patientId)!), now, 1);
      }
      for (const [id, procedure] of folded.procedures) {
        if (procedure && procedure.patientId === patientId && !seen.has(id)) {
          count(group(afterOf(patientId)!), procedure, 1);
        }
      }
    }
  }
  return result;
}

/**
 * Adds `batch`'s changes to `total`, so that writing `total` once leaves the counters as
 * writing each batch's in turn would: the numbers and the pending per date summed (a row at
 * zero is not kept either way), and a municipality's name as the last batch changing its
 * numbers spelt it (only those write it).
 */
export function addReportDeltas(total: ReportDeltas, batch: ReportDeltas): void {
  for (const dimension of DIMENSIONS) {
    const into = dimension.deltas(total);
    for (const [key, delta] of dimension.deltas(batch)) {
      const group = groupOf(into, key);
      group.patients += delta.patients;
      group.completed += delta.completed;
      group.pending += delta.pending;
      addPerDate(group.pendingByDate, delta.pendingByDate);
      const changed = delta.patients !== 0 || delta.completed !== 0 || delta.pending !== 0;
      if (changed && delta.label) group.label = delta.label;
    }
  }
}

/** Adds each date's change of `changes` to `into` (a date it names is kept even at zero). */
export function addPerDate(into: Map<string, number>, changes: ReadonlyMap<string, number>): void {
  for (const [date, change] of changes) into.set(date, (into.get(date) ?? 0) + change);
}
