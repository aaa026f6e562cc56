import { type ProcedureCategory, phaseOfCategory } from './categories.ts';
import { scheduledMonthOfCategory } from './intervals.ts';
import { catalogueTypeId, type ProcedureType } from './procedure-type.ts';

/** One category of the catalogue: required (R) and optional (O) names, as in protocol-catalog.md. */
interface CatalogueSection {
  readonly category: ProcedureCategory;
  readonly required: readonly string[];
  readonly optional: readonly string[];
}

/*
 * The bariatric protocol of `shared/design/protocol-catalog.md` (Portarias GM/MS 424 and
 * 425/2013, DATASUS APAC follow-up records, the schedule of the spec). Initialization defines
 * these types; a change here reaches existing patients through 'Atualizar Procedimentos'.
 */
const SECTIONS: readonly CatalogueSection[] = [
  {
    category: 'pre_op_exam',
    required: [
      'Endoscopia digestiva alta',
      'Ultrassonografia de abdome total',
      'Ecocardiograma transtorácico',
      'Ultrassonografia Doppler colorido de vasos',
      'Espirometria',
      'Eletrocardiograma',
      'Radiografia de tórax',
    ],
    optional: ['Pesquisa de H. pylori', 'Polissonografia', 'Densitometria óssea'],
  },
  {
    category: 'pre_op_lab',
    required: [
      'Hemograma completo',
      'Coagulograma',
      'Tipagem sanguínea ABO/Rh',
      'Glicemia de jejum',
      'Hemoglobina glicada',
      'Colesterol total e frações',
      'Triglicerídeos',
      'Ureia',
      'Creatinina',
      'Sódio',
      'Potássio',
      'TGO',
      'TGP',
      'GGT',
      'Albumina',
      'TSH',
      'Ferritina',
      'Ferro sérico',
      'Vitamina B12',
      '25-OH vitamina D',
      'Cálcio',
      'Urina tipo 1',
      'Beta-hCG',
    ],
    optional: [
      'T4 livre',
      'Ácido fólico',
      'PTH',
      'Zinco',
      'Magnésio',
      'Ácido úrico',
      'Insulina (HOMA-IR)',
      'Parasitológico de fezes',
      'Sorologias (HIV, hepatites B e C, sífilis)',
    ],
  },
  {
    category: 'pre_op_consultation',
    required: [
      'Consulta com cirurgião',
      'Consulta com endocrinologista ou clínico',
      'Consulta com nutricionista',
      'Avaliação psicológica',
      'Avaliação psiquiátrica',
      'Avaliação cardiológica (risco cirúrgico)',
      'Avaliação pré-anestésica',
      'Reunião multiprofissional',
      'Reunião pública informativa',
      'Termo de consentimento assinado',
      'Liberação cirúrgica (apto para cirurgia)',
    ],
    optional: [
      'Consulta com pneumologista',
      'Consulta com angiologista',
      'Avaliação do serviço social',
      'Avaliação fisioterapêutica',
    ],
  },
  {
    category: 'post_op_1mes',
    required: ['Consulta com cirurgião', 'Consulta com nutricionista'],
    optional: ['Avaliação psicológica'],
  },
  {
    category: 'post_op_2mes',
    required: ['Consulta com nutricionista'],
    optional: ['Consulta com cirurgião', 'Avaliação psicológica'],
  },
  {
    category: 'post_op_3mes',
    required: [
      'Consulta com cirurgião',
      'Consulta com nutricionista',
      'Consulta com endocrinologista ou clínico',
      'Hemograma completo',
      'Ferritina',
      'Vitamina B12',
      'Glicemia de jejum',
      'Creatinina',
      'TGO/TGP',
    ],
    optional: ['Avaliação psicológica', 'Albumina'],
  },
  {
    category: 'post_op_4mes',
    required: ['Consulta com nutricionista'],
    optional: ['Avaliação psicológica'],
  },
  {
    category: 'post_op_6mes',
    required: [
      'Consulta com cirurgião',
      'Consulta com nutricionista',
      'Consulta com endocrinologista ou clínico',
      'Avaliação psicológica',
      'Hemograma completo',
      'Ferritina',
      'Ferro sérico',
      'Vitamina B12',
      '25-OH vitamina D',
      'Cálcio',
      'Albumina',
      'Hemoglobina glicada',
      'Colesterol total e frações',
      'TGO/TGP',
      'Creatinina',
    ],
    optional: ['Ultrassonografia de abdome total', 'PTH', 'Zinco', 'Ácido fólico'],
  },
  {
    category: 'post_op_9mes',
    required: ['Consulta com nutricionista', 'Avaliação psicológica'],
    optional: ['Consulta com cirurgião', 'Hemograma completo', 'Ferritina'],
  },
  {
    category: 'post_op_12_15mes',
    required: [
      'Consulta com cirurgião',
      'Consulta com nutricionista',
      'Consulta com endocrinologista ou clínico',
      'Avaliação psicológica',
      'Hemograma completo',
      'Ferritina',
      'Vitamina B12',
      '25-OH vitamina D',
      'Cálcio',
      'PTH',
      'Albumina',
      'Hemoglobina glicada',
      'Colesterol total e frações',
    ],
    optional: [
      'Endoscopia digestiva alta',
      'Densitometria óssea',
      'Ultrassonografia de abdome total',
      'Consulta com cirurgião plástico',
    ],
  },
  {
    category: 'post_op_18mes',
    required: [
      'Consulta com cirurgião',
      'Consulta com nutricionista',
      'Consulta com endocrinologista ou clínico',
      'Avaliação psicológica',
      'Hemograma completo',
      'Ferritina',
      'Vitamina B12',
      '25-OH vitamina D',
      'Alta e contrarreferência para a atenção primária',
    ],
    optional: ['Consulta com cirurgião plástico'],
  },
];

function catalogueType(category: ProcedureCategory, name: string, isRequired: boolean): ProcedureType {
  return {
    id: catalogueTypeId(category, name),
    name,
    category,
    phase: phaseOfCategory(category),
    isRequired,
    scheduledMonth: scheduledMonthOfCategory(category),
  };
}

/**
 * Every procedure type initialization defines, in timeline order (by category, required
 * before optional, then as listed). (category, name) is unique; names repeat across months.
 */
export const PROTOCOL_CATALOGUE: readonly ProcedureType[] = Object.freeze(
  SECTIONS.flatMap(({ category, required, optional }) => [
    ...required.map((name) => catalogueType(category, name, true)),
    ...optional.map((name) => catalogueType(category, name, false)),
  ]),
);
