import { patientRefusalMessages } from '@bari/contracts';

/**
 * Portuguese strings of the procedure timeline and forms: verbatim from spec §2, §4 and §8
 * where the spec gives them. Category, phase and status labels come from `@bari/contracts`
 * (`CATEGORY_LABELS`, `PHASE_SECTION_TITLES`, `PROCEDURE_STATUS_LABELS`); the registration
 * form's validation messages from `procedureMessages` there.
 */
export const proceduresMessages = {
  // Timeline (§2)
  timelineTitle: 'Linha do Tempo dos Procedimentos',
  optionalBadge: 'Opcional',
  categoryCount: (completed: number, total: number) => `${completed}/${total}`,
  categoryCountLabel: (completed: number, total: number) => `${completed} de ${total} concluídos`,
  emptyCategory: 'Nenhum procedimento nesta categoria.',
  scheduledFor: (date: string) => `Previsto: ${date}`,
  notesToggle: 'Observações',
  completedDateLabel: (name: string) => `Data de realização de ${name}`,
  markAllLabs: 'Marcar todos como concluídos',
  add: 'Adicionar',
  addToCategory: (category: string) => `Adicionar procedimento em ${category}`,
  postOpWithoutSurgery: 'Datas calculadas a partir da data de internação (data da cirurgia não informada).',

  // Add-procedure dialog (§2, §4)
  addDialogTitle: 'Adicionar Novo Procedimento',
  addDialogCategory: 'Categoria',
  addNameLabel: 'Nome do procedimento',
  addNamePlaceholder: 'Ex.: Vitamina B1',
  addDialogHint: 'O procedimento será incluído como opcional e pendente para este paciente.',
  adding: 'Adicionando...',

  // Registration form (§2)
  registerTitle: 'Registrar Procedimento',
  registerSubtitle: 'Registre um procedimento realizado',
  procedureTypeLabel: 'Tipo de Procedimento',
  procedureTypePlaceholder: 'Selecione o procedimento',
  pendingPreOpGroup: '— Procedimentos Pré-Operatórios Pendentes —',
  pendingPostOpGroup: '— Procedimentos Pós-Operatórios Pendentes —',
  optionalPreOpGroup: '— Procedimentos Pré-Operatórios Opcionais —',
  optionalPostOpGroup: '— Procedimentos Pós-Operatórios Opcionais —',
  optionalSuffix: '(Opcional)',
  expectedDate: (date: string) => `Data prevista: ${date}`,
  completedDateField: 'Data de Realização',
  locationLabel: 'Local',
  locationPlaceholder: 'Local de realização',
  professionalNameLabel: 'Profissional Responsável',
  professionalNamePlaceholder: 'Nome do profissional',
  notesLabel: 'Observações',
  notesPlaceholder: 'Observações sobre o procedimento',
  register: 'Registrar Procedimento',
  registering: 'Registrando...',
  // The spec's 'Procedure type not found' is English in a Portuguese interface: the server's words.
  procedureTypeNotFound: patientRefusalMessages.procedureTypeNotFound,

  // Toasts (§8)
  error: 'Erro',
  success: 'Sucesso',
  updated: 'Procedimento atualizado',
  updateFailed: 'Não foi possível atualizar o procedimento.',
  added: 'Procedimento adicionado',
  createTypeFailed: 'Não foi possível criar o tipo de procedimento.',
  addFailed: 'Não foi possível adicionar o procedimento.',
  labsCompleted: 'Exames marcados como concluídos',
  labsCompletedCount: (count: number) =>
    count === 1
      ? '1 exame laboratorial marcado como concluído.'
      : `${count} exames laboratoriais marcados como concluídos.`,
  labsFailed: 'Não foi possível marcar os exames como concluídos.',

  // 'Mark all' confirmation (beyond the spec: it asks first, with the date to record)
  markAllTitle: 'Marcar exames como concluídos',
  markAllQuestion: (count: number) =>
    count === 1
      ? '1 exame laboratorial pendente será marcado como concluído.'
      : `${count} exames laboratoriais pendentes serão marcados como concluídos.`,
  completionDayLabel: 'Data de realização',
  markAllAfterSurgery: (surgeryDate: string) =>
    `A cirurgia foi em ${surgeryDate}: informe o dia em que os exames foram realizados, até essa data.`,
  markAllConfirm: 'Marcar como concluídos',
  marking: 'Marcando...',

  // A pre-operative procedure ticked after the surgery asks its day (today would be refused)
  tickTitle: 'Marcar como concluído',
  tickQuestion: (name: string) => `Procedimento: ${name}`,
  tickAfterSurgery: (surgeryDate: string) =>
    `A cirurgia foi em ${surgeryDate}: informe o dia em que foi realizado, até essa data.`,
  tickConfirm: 'Marcar como concluído',
  tickPlanned: (scheduledDate: string) =>
    `Estava previsto para ${scheduledDate}: informe o dia em que foi realizado (hoje, se foi hoje).`,
  afterSurgery: (surgeryDate: string) => `Pode ser marcado após a cirurgia (${surgeryDate})`,
  registered: 'Procedimento registrado com sucesso!',
  registerFailed: 'Erro ao registrar procedimento. Tente novamente.',
} as const;
