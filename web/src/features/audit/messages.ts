import { reportMessages, type PatientLookupPurpose } from '@bari/contracts';
import { formatCount } from '../../common/number-format.ts';

/**
 * Portuguese strings of the audit screen and the patient's history. Quoted ones are verbatim
 * from the spec (§2 Audit: title, table heading, loading and empty states, 'Sistema', 'Ver
 * detalhes'); the filters' extra labels, the details dialog and the history are ours.
 */
export const auditMessages = {
  title: 'Auditoria do Sistema',
  subtitle: 'Histórico de ações realizadas no sistema',
  searchPlaceholder: 'Buscar por usuário, entidade ou ação...',
  searchLabel: 'Buscar no histórico',
  actionFilterLabel: 'Filtrar por ação',
  entityFilterLabel: 'Filtrar por entidade',
  userFilterLabel: 'Filtrar por usuário',
  allActions: 'Todas as ações',
  allEntities: 'Todas as entidades',
  allUsers: 'Todos os usuários',
  fromLabel: 'De',
  toLabel: 'Até',
  dateInvalid: reportMessages.dateInvalid,
  datesReversed: reportMessages.datesReversed,
  tableHeading: 'Histórico de Ações',
  fixDates: 'Corrija o período (De e Até) para ver o histórico.',
  tableTitle: (count: number, capped = false) =>
    capped
      ? `Histórico de Ações (mais de ${formatCount(count)} registros)`
      : `Histórico de Ações (${formatCount(count)} registros)`,
  cappedHint: (count: number) =>
    `A busca mostra os ${formatCount(count)} registros mais recentes. Use os filtros de ação, entidade, usuário ou período para ver os demais.`,
  loading: 'Carregando histórico...',
  empty: 'Nenhum registro encontrado',
  emptyHint: 'Tente ajustar os filtros ou o termo de busca.',
  loadFailed: 'Não foi possível carregar o histórico.',
  retry: 'Tentar novamente',
  columns: {
    timestamp: 'Data/Hora',
    user: 'Usuário',
    action: 'Ação',
    entityType: 'Entidade',
    entityName: 'Nome',
    ipAddress: 'IP',
    details: 'Detalhes',
  },
  system: 'Sistema',
  none: '-',
  seeDetails: 'Ver detalhes',
  detailsTitle: 'Detalhes do Registro',
  close: 'Fechar',
  field: 'Campo',
  before: 'Antes',
  after: 'Depois',
  // As the rest of the app says of an empty field.
  empty_value: 'Não informado',
  patient: 'Paciente',
  pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
  // The printed page's heading
  printFilters: (filters: string) => `Filtros: ${filters}`,
  printNoFilters: 'Filtros: nenhum (todos os registros)',
  // The list's page, not the sheet's: a page of the list may print on several sheets.
  printListPage: (page: number, pages: number) => `Página ${page} de ${pages} da consulta`,
  // Said when the printout is not the whole list: 257 entries found, 50 on paper.
  printedRange: (first: number, last: number, total: number) =>
    `Esta impressão traz os registros ${first} a ${last} de ${total}; as outras páginas da consulta são impressas à parte.`,
  openPatient: 'Abrir a página do paciente (com o histórico, mesmo se excluído)',
  procedureOfPatient: (procedure: string, patient: string) => `${procedure} — ${patient}`,
  // The entries of one command about one patient's procedures, as one row
  groupAction: (label: string, count: number) => `${label} (${count})`,
  groupName: (count: number, patient: string | null) =>
    patient ? `${count} procedimentos — ${patient}` : `${count} procedimentos`,
  groupShow: (count: number) => `Mostrar os ${count}`,
  groupHide: 'Ocultar',
  printSearch: (text: string) => `Busca: "${text}"`,
  printedAt: (when: string) => `Impresso em ${when}`,
  previousPage: 'Anterior',
  nextPage: 'Próxima',
  valueLabels: {
    reason: 'Motivo',
    /** A patient's deletion: free text as typed (never a code, unlike `reason`). */
    deletionReason: 'Motivo',
    count: 'Quantidade',
    source: 'Origem',
    isAdmin: 'Administrador',
    firstName: 'Nome',
    lastName: 'Sobrenome',
    accessKey: 'Chave de acesso',
    approved: 'Aprovado',
    keyPrefix: 'Prefixo da chave',
    expiresAt: 'Expira em',
    boundUserId: 'Usuário da chave',
    userId: 'Usuário',
    accounts: 'Contas',
    patients: 'Pacientes alterados',
    changes: 'Alterações',
    skipped: 'Pacientes não atualizados',
    category: 'Categoria',
    phase: 'Fase',
    isRequired: 'Obrigatório',
    procedureTypeId: 'Tipo de procedimento',
    scheduledDate: 'Data prevista',
    search: 'Busca',
    purpose: 'Finalidade',
    seen: 'Visto',
    action: 'Ação filtrada',
    entityType: 'Entidade filtrada',
    from: 'De',
    to: 'Até',
    asOf: 'Como estava em',
    kind: 'Tipo de relatório',
    format: 'Formato',
    fields: 'Campos',
    municipality: 'Município',
    startDate: 'Data inicial',
    endDate: 'Data final',
    status: 'Situação filtrada',
    sort: 'Ordem',
    direction: 'Sentido',
    page: 'Página',
    pageSize: 'Pacientes por página',
  } as Readonly<Record<string, string>>,
  /** The order of a page of the patient list read (LIST_PATIENTS, SEARCH_PATIENTS). */
  listSortLabels: {
    name: 'Nome',
    admissionDate: 'Data de internação',
    progress: 'Progresso',
    registeredAt: 'Data de cadastro',
  } as Readonly<Record<string, string>>,
  listDirectionLabels: { asc: 'Crescente', desc: 'Decrescente' } as Readonly<Record<string, string>>,
  /** What a read showed when it was not the whole record (a deleted patient's notice). */
  seenLabels: {
    deletion_notice: 'Aviso de exclusão (nome, data, autor e motivo)',
  } as Readonly<Record<string, string>>,
  /** Why patients were looked up (`PatientLookupPurpose`). */
  lookupPurposeLabels: {
    identifier_check: 'Conferência de CPF/CNS no cadastro',
  } satisfies Record<PatientLookupPurpose, string> as Readonly<Record<string, string>>,
  /** Codes an entry's values hold, by value name: shown in Portuguese in its details. */
  sourceLabels: {
    catalogue: 'Catálogo do protocolo',
    staff: 'Equipe',
    administrator: 'Administrador',
    initialization: 'Inicialização',
    access_key_invitation: 'Convite por chave de acesso',
  } as Readonly<Record<string, string>>,
  /**
   * Every `reason` of an event (contracts' zod enums; the unit test lists them from there). One
   * code means the same wherever it appears: 'staff' only reopens a procedure, 'administrator'
   * only deactivates a key.
   */
  reasonLabels: {
    registration: 'Cadastro do paciente',
    added: 'Adicionado pela equipe',
    recorded: 'Registro de procedimento',
    migration: 'Atualização dos procedimentos obrigatórios',
    staff: 'Desmarcado pela equipe',
    completed_without_date: 'Correção: concluído sem data',
    pending_with_date: 'Correção: pendente com data',
    base_date_changed: 'Data da cirurgia ou da internação alterada',
    data_fix: 'Correção de dados',
    reopened: 'Desmarcado: reagendado pela data atual da cirurgia',
    duplicate: 'Duplicado',
    patient_deleted: 'Paciente excluído',
    cpf_changed: 'CPF alterado',
    cns_changed: 'CNS alterado ou removido',
    orphaned: 'Reserva não concluída',
    user_deleted: 'Usuário excluído',
    administrator: 'Desativada por um administrador',
    replaced_by_initialization: 'Substituída na inicialização forçada',
    rejected: 'Rejeitado',
    deleted: 'Excluído',
    unknown_key: 'Chave de acesso desconhecida',
    key_inactive: 'Chave de acesso desativada',
    key_expired: 'Chave de acesso expirada',
    key_bound_to_another_account: 'Chave de acesso vinculada a outra conta',
    unbound_key_for_existing_account: 'Chave de convite usada por uma conta existente',
    email_unavailable: 'Email indisponível',
    too_many_attempts: 'Muitas tentativas: endereço bloqueado por 15 minutos',
  } as Readonly<Record<string, string>>,
  /** The `kind` of a report read (GENERATE_REPORT, EXPORT_REPORT). */
  reportKindLabels: {
    individual: 'Relatório individual',
    municipal: 'Relatório municipal',
    custom: 'Relatório Customizado',
  } as Readonly<Record<string, string>>,
  /** The `format` of a custom report's export (EXPORT_REPORT). */
  reportFormatLabels: {
    print: 'Impressão (PDF)',
    spreadsheet: 'Planilha (Excel)',
  } as Readonly<Record<string, string>>,
  /** An id the screen cannot name (a user no longer listed, a key): shown as such. */
  unnamedId: (id: string) => `${id} (identificador interno, sem nome conhecido)`,
  ibgeCode: (code: string) => `código IBGE ${code}`,
  allMunicipalities: 'Todos os municípios',
  // The verifiable log
  integrityTitle: 'Integridade do log de eventos',
  integrityHead: (position: string, hash: string) => `Último evento: posição ${position} · hash ${hash}`,
  integrityEmpty: 'O log de eventos está vazio.',
  integrityNeverVerified: 'Nunca verificado. Execute "npm run audit -- verify" no servidor.',
  integrityIntact: (when: string) => `Última verificação em ${when}: cadeia íntegra.`,
  integrityBroken: (when: string, position: string) =>
    `Última verificação em ${when}: cadeia QUEBRADA na posição ${position}.`,
  integrityUnavailable: 'A verificação por hash existe apenas no armazenamento PostgreSQL de eventos.',
  // The patient's 'Histórico'
  historyTitle: 'Histórico',
  showHistory: 'Mostrar histórico',
  hideHistory: 'Ocultar histórico',
  historyLoading: 'Carregando histórico...',
  historyEmpty: 'Nenhuma alteração registrada.',
  historyNone: 'Nenhum registro deste paciente.',
  historyFailed: 'Não foi possível carregar o histórico do paciente.',
  historyMore: (left: number) =>
    `Mostrar mais (${left} ${left === 1 ? 'registro anterior' : 'registros anteriores'})`,
  historyBy: (who: string, when: string, ip: string) => `${who} em ${when} · IP ${ip}`,
  procedureAdded: 'adicionado',
  procedureRemoved: 'removido',
  proceduresAdded: (count: number) => `${count} procedimentos adicionados`,
  /** An action of a command that appended several events of it: 'Reagendar Procedimento (53)'. */
  actionTimes: (label: string, count: number) => (count > 1 ? `${label} (${count})` : label),
  proceduresChanged: (count: number) => `${count} procedimentos alterados`,
  deletionReason: (reason: string) => `Motivo: ${reason}`,
  showProcedures: 'Ver procedimentos',
  asOfLabel: 'Ver como estava em',
  asOfTimeLabel: 'às',
  asOfTimePlaceholder: 'hh:mm (opcional)',
  asOfShow: 'Ver',
  asOfClear: 'Voltar ao atual',
  asOfBanner: (when: string) => `Somente leitura: o paciente como estava em ${when}.`,
  asOfNotFound: 'O paciente ainda não estava cadastrado nesse momento.',
  asOfFailed: 'Não foi possível carregar o estado anterior.',
  progressLabel: 'Progresso',
  progress: (completed: number, total: number) => `${completed} de ${total} procedimentos concluídos`,
} as const;
