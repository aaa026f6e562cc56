import { formatCount } from '../../common/number-format.ts';

/**
 * Portuguese strings of the patient screens: verbatim from spec §2 and §8 where the spec gives
 * them; the rest (labels, placeholders, paging) worded in the same register. The form's
 * validation messages (§5) live with the schema in `@bari/contracts` (`patientMessages`).
 */
export const patientsMessages = {
  // List (§2, Patients list)
  listTitle: 'Pacientes',
  listSubtitle: 'Gerenciamento e acompanhamento dos pacientes',
  listCardTitle: 'Lista de Pacientes',
  newPatient: 'Novo Paciente',
  searchPlaceholder: 'Buscar por nome, CPF, CNS ou município...',
  searchLabel: 'Buscar pacientes',
  statusFilterLabel: 'Filtrar por situação',
  statusAll: 'Todas as situações',
  columnPatient: 'Paciente',
  columnCns: 'CNS',
  columnMunicipality: 'Município',
  columnAdmissionDate: 'Data da Internação',
  columnProgress: 'Progresso',
  notInformed: 'Não informado',
  emptySearch: 'Nenhum paciente encontrado com os critérios de busca',
  emptyList: 'Nenhum paciente cadastrado ainda',
  loadFailed: 'Não foi possível carregar os pacientes.',
  retry: 'Tentar novamente',
  previousPage: 'Anterior',
  nextPage: 'Próxima',
  pageOf: (page: number, pages: number) => `Página ${formatCount(page)} de ${formatCount(pages)}`,
  pagination: 'Páginas da lista de pacientes',
  goToPage: (page: number) => `Ir para a página ${formatCount(page)}`,
  pageSizeLabel: 'Pacientes por página',
  pageSizeOption: (size: number) => `${size} por página`,
  sortBy: (column: string) => `Ordenar por ${column}`,
  patientCount: (count: number) => (count === 1 ? '1 paciente' : `${formatCount(count)} pacientes`),

  // Form dialog (§2, §5, architecture: 'Data da Cirurgia')
  newPatientTitle: 'Novo Paciente',
  editPatientTitle: 'Editar Paciente',
  sectionIdentification: 'Identificação',
  sectionHospitalization: 'Internação e cirurgia',
  sectionRegulation: 'Regulação e observações',
  nameLabel: 'Nome',
  namePlaceholder: 'Nome completo do paciente',
  cpfLabel: 'CPF',
  cpfPlaceholder: '000.000.000-00',
  cnsLabel: 'CNS',
  cnsPlaceholder: 'Cartão Nacional de Saúde (15 dígitos)',
  cpfInUse: (name: string) =>
    `Este CPF já está no cadastro de ${name}: o cadastro será recusado. Confira o número.`,
  cnsInUse: (name: string) =>
    `Este CNS já está no cadastro de ${name}: o cadastro será recusado. Confira o número.`,
  municipalityLabel: 'Município',
  municipalityPlaceholder: 'Digite para buscar o município...',
  municipalityNoResults: 'Nenhum município encontrado',
  municipalityNotChosen: 'Selecione o município na lista',
  admissionDateLabel: 'Data da Internação',
  surgeryMoveMisplaces: (count: number, named: readonly string[], others: number) =>
    `Com esta data, ${count === 1 ? 'um procedimento já concluído fica' : `${count} procedimentos já concluídos ficam`} do lado errado da cirurgia: ${named.join(', ')}${others > 0 ? ` e mais ${others}` : ''}. Confira as datas.`,
  /** `months`: whole months from today (at least 2): '10/12/2027, daqui a 12 meses'. */
  admissionFarAhead: (date: string, months: number) =>
    `A internação é em ${date}, daqui a ${months} meses. Confira o ano antes de salvar.`,
  dischargeDateLabel: 'Data da Alta',
  surgeryDateLabel: 'Data da Cirurgia',
  surgeryDateHelper: 'Base das datas do acompanhamento pós-operatório',
  surgeryLocationLabel: 'Local da Cirurgia',
  surgeryLocationPlaceholder: 'Hospital ou estabelecimento',
  surgeonNameLabel: 'Nome do Cirurgião',
  aihNumberLabel: 'Número AIH',
  aihNumberPlaceholder: '13 dígitos',
  sisregCodeLabel: 'Código SISREG',
  sisregCodePlaceholder: '6 a 12 dígitos',
  notesLabel: 'Observações',
  create: 'Cadastrar',
  creating: 'Cadastrando...',
  save: 'Salvar',
  saving: 'Salvando...',

  // Detail (§2, Patient detail)
  detailSubtitle: 'Acompanhamento do protocolo bariátrico',
  back: 'Voltar',
  edit: 'Editar',
  delete: 'Excluir',
  cpf: 'CPF',
  cns: 'CNS',
  municipality: 'Município',
  surgeryLocation: 'Local da Cirurgia',
  surgeon: 'Cirurgião',
  surgeryDate: 'Data da Cirurgia',
  notScheduled: 'Não agendada',
  discharge: (date: string) => `Alta: ${date}`,
  admission: (date: string) => `Internação: ${date}`,
  progressTitle: 'Progresso do acompanhamento',
  progressText: (completed: number, total: number) =>
    `${formatCount(completed)} de ${formatCount(total)} procedimentos`,
  notFoundTitle: 'Paciente não encontrado',
  notFoundSubtitle: 'O paciente solicitado não foi encontrado',
  deletedPatientTitle: 'Paciente excluído',
  deletedPatientHistory: 'O histórico abaixo mostra o que foi registrado sobre ele, até a exclusão.',
  deletedPatientHistoryHint:
    'Se o paciente foi excluído, o histórico abaixo mostra o que foi registrado sobre ele, até a exclusão.',
  backToList: 'Voltar para Lista de Pacientes',
  loadPatientFailed: 'Não foi possível carregar o paciente.',
  registrationAside: 'Registrar Procedimento',

  // Delete dialog (§2)
  deleteTitle: 'Confirmar Exclusão',
  deleteText: (name: string) =>
    `Tem certeza que deseja excluir o paciente ${name}? Esta ação não pode ser desfeita. Todos os procedimentos associados também serão excluídos.`,
  deleting: 'Excluindo...',
  // Beyond §2: the reason auditors read ('Excluir Paciente' in /audit, the patient's history)
  deleteReasonLabel: 'Motivo da exclusão',
  deleteReasonHelper: 'Obrigatório, de 5 a 500 caracteres. Fica registrado na auditoria.',
  deleteReasonPlaceholder: 'Ex.: cadastro em duplicidade, paciente cadastrado por engano...',

  // Toasts (§8)
  error: 'Erro',
  success: 'Sucesso',
  createFailed: 'Erro ao cadastrar paciente. Tente novamente.',
  updateFailed: 'Erro ao atualizar paciente. Tente novamente.',
  changedMeanwhile:
    'Este paciente foi alterado por outra pessoa enquanto você editava. O formulário mostra agora o cadastro atual, com as suas alterações mantidas: confira e salve novamente.',
  changedMeanwhileBoth: (labels: readonly string[]) =>
    `Este paciente foi alterado por outra pessoa enquanto você editava. O formulário mostra agora o cadastro atual, com as suas alterações mantidas, exceto ${labels.length === 1 ? 'no campo' : 'nos campos'} ${labels.join(', ')}, que a outra pessoa também alterou: confira e salve novamente.`,
  deleteFailed: 'Erro ao excluir paciente. Tente novamente.',
  created: 'Paciente cadastrado com sucesso!',
  updated: 'Paciente atualizado com sucesso!',
  deletedTitle: 'Paciente excluído',
  deleted: 'Paciente foi excluído com sucesso.',
} as const;
