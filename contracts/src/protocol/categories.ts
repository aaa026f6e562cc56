import { z } from 'zod';

export const PHASES = ['pre_operative', 'post_operative'] as const;
export const PhaseSchema = z.enum(PHASES);
export type Phase = z.infer<typeof PhaseSchema>;

export const PRE_OP_CATEGORIES = ['pre_op_exam', 'pre_op_lab', 'pre_op_consultation'] as const;
export const POST_OP_CATEGORIES = [
  'post_op_1mes',
  'post_op_2mes',
  'post_op_3mes',
  'post_op_4mes',
  'post_op_6mes',
  'post_op_9mes',
  'post_op_12_15mes',
  'post_op_18mes',
] as const;

/** The 11 categories of §3, in timeline order: 3 pre-operative, then 8 post-operative. */
export const PROCEDURE_CATEGORIES = [...PRE_OP_CATEGORIES, ...POST_OP_CATEGORIES] as const;
export const ProcedureCategorySchema = z.enum(PROCEDURE_CATEGORIES);
export type ProcedureCategory = z.infer<typeof ProcedureCategorySchema>;
export type PreOpCategory = (typeof PRE_OP_CATEGORIES)[number];
export type PostOpCategory = (typeof POST_OP_CATEGORIES)[number];

export function isPostOpCategory(category: ProcedureCategory): category is PostOpCategory {
  return (POST_OP_CATEGORIES as readonly string[]).includes(category);
}

export function phaseOfCategory(category: ProcedureCategory): Phase {
  return isPostOpCategory(category) ? 'post_operative' : 'pre_operative';
}

/** Timeline labels: the catalogue's pre-operative headings and the months of §3. */
export const CATEGORY_LABELS: Readonly<Record<ProcedureCategory, string>> = {
  pre_op_exam: 'Exames',
  pre_op_lab: 'Exames laboratoriais',
  pre_op_consultation: 'Consultas e avaliações',
  post_op_1mes: '1º mês',
  post_op_2mes: '2º mês',
  post_op_3mes: '3º mês',
  post_op_4mes: '4º mês',
  post_op_6mes: '6º mês',
  post_op_9mes: '9º mês',
  post_op_12_15mes: '12º–15º mês',
  post_op_18mes: '18º mês',
};

export const PHASE_LABELS: Readonly<Record<Phase, string>> = {
  pre_operative: 'Pré-operatório',
  post_operative: 'Pós-operatório',
};

/** Titles of the two timeline sections on the patient page. */
export const PHASE_SECTION_TITLES: Readonly<Record<Phase, string>> = {
  pre_operative: 'Procedimentos Pré-Operatórios',
  post_operative: 'Procedimentos Pós-Operatórios',
};
