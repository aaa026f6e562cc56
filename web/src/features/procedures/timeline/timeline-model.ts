import {
  CATEGORY_LABELS,
  POST_OP_CATEGORIES,
  PRE_OP_CATEGORIES,
  type PatientProcedureDto,
  type PatientStatus,
  type Phase,
  type ProcedureCategory,
} from '@bari/contracts';

/** One collapsible category of the timeline with its completed / total count (§2). */
export interface TimelineCategory {
  category: ProcedureCategory;
  label: string;
  procedures: PatientProcedureDto[];
  completed: number;
  total: number;
  pending: number;
  overdue: number;
}

export interface TimelinePhase {
  phase: Phase;
  categories: TimelineCategory[];
}

function categoryOf(category: ProcedureCategory, all: readonly PatientProcedureDto[]): TimelineCategory {
  const procedures = all.filter((procedure) => procedure.procedureType.category === category);
  const completed = procedures.filter((procedure) => procedure.status === 'completed').length;
  return {
    category,
    label: CATEGORY_LABELS[category],
    procedures,
    completed,
    total: procedures.length,
    pending: procedures.length - completed,
    overdue: procedures.filter((procedure) => procedure.overdue).length,
  };
}

/** The 3 pre-operative and 8 post-operative categories, always all of them, in protocol order. */
export function buildTimeline(procedures: readonly PatientProcedureDto[]): TimelinePhase[] {
  return [
    { phase: 'pre_operative', categories: PRE_OP_CATEGORIES.map((c) => categoryOf(c, procedures)) },
    { phase: 'post_operative', categories: POST_OP_CATEGORIES.map((c) => categoryOf(c, procedures)) },
  ];
}

/**
 * The categories open when the page opens: where the work is. Before the surgery, the
 * pre-operative ones with something pending; after it, the first post-operative month with
 * something pending (the other late months show a warning on their folded header). A
 * finished follow-up opens none.
 */
export function initiallyOpenCategories(
  timeline: readonly TimelinePhase[],
  status: PatientStatus,
): Set<ProcedureCategory> {
  const [preOp, postOp] = timeline;
  if (status === 'pre_op') {
    return new Set(preOp?.categories.filter((c) => c.pending > 0).map((c) => c.category));
  }
  const next = status === 'post_op' ? postOp?.categories.find((c) => c.pending > 0) : undefined;
  return new Set(next ? [next.category] : []);
}

export { expectedDate } from '@bari/contracts';
