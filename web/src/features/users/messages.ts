/**
 * Portuguese strings of /users. Quoted names, empty states, confirmations and toasts are
 * verbatim from spec §2 (Users), §5 and §8; column headings and dialog labels, which the
 * spec does not give, are ours.
 */

/** The server's NODE_ENV, as the debug toast names it. */
const ENVIRONMENT_LABELS: Readonly<Record<string, string>> = {
  development: 'desenvolvimento',
  production: 'produção',
  test: 'teste',
};

export const usersMessages = {
  title: 'Gerenciamento de Usuários',
  subtitle: 'Aprovação, cadastro e remoção dos usuários do sistema',
  debugAdmin: 'Debug Admin',
  runMigration: 'Atualizar Procedimentos',
  addUser: 'Adicionar Usuário',
  total: 'Total',
  approvedCount: 'Aprovados',
  rejectedCount: 'Rejeitados',
  pendingCount: 'Pendentes',
  listTitle: 'Usuários',
  columnName: 'Nome',
  columnEmail: 'Email',
  columnStatus: 'Status',
  columnRole: 'Perfil',
  columnCreatedAt: 'Criado em',
  columnActions: 'Ações',
  noName: 'Nome não informado',
  noEmail: 'Email não informado',
  noDate: 'Data não disponível',
  admin: 'Admin',
  user: 'Usuário',
  statusPending: 'Pendente',
  statusApproved: 'Aprovado',
  statusRejected: 'Rejeitado',
  approve: 'Aprovar',
  reject: 'Rejeitar',
  delete: 'Excluir',
  /** The row's actions as a screen reader names them: the visible text, then whom it acts on. */
  approveUser: (user: string) => `Aprovar usuário ${user}`,
  rejectUser: (user: string) => `Rejeitar usuário ${user}`,
  deleteUser: (user: string) => `Excluir usuário ${user}`,
  /** Rejecting an approved user asks first: the access ends at once, sessions included. */
  rejectConfirmation: (email: string) =>
    `Rejeitar o acesso de ${email}? As sessões abertas dessa pessoa serão encerradas na hora, e ela só voltará a entrar se for aprovada de novo.`,
  deleteConfirmation: (email: string) =>
    `Tem certeza que deseja excluir o usuário ${email}? Esta ação não pode ser desfeita.`,
  empty: 'Nenhum usuário encontrado',
  loadFailed: 'Não foi possível carregar os usuários.',
  firstNameLabel: 'Nome',
  lastNameLabel: 'Sobrenome',
  emailLabel: 'Email',
  isAdminLabel: 'Administrador',
  isAdminHelper: 'Administradores gerenciam usuários e chaves de acesso.',
  addUserHelper: 'Usuários criados por um administrador já entram aprovados.',
  adding: 'Adicionando...',
  errorTitle: 'Erro',
  statusUpdated: 'Status atualizado',
  statusUpdateFailed: 'Não foi possível atualizar o status do usuário.',
  userDeleted: 'Usuário excluído',
  deleteFailed: 'Não foi possível excluir o usuário.',
  userCreated: 'Usuário criado',
  createFailed: 'Não foi possível criar o usuário.',
  migrationConfirmation:
    'Atualizar os procedimentos de todos os pacientes? Cada paciente recebe os procedimentos obrigatórios do protocolo que ainda não tiver; os já registrados não mudam. Cada inclusão fica registrada na auditoria.',
  migrationDone: 'Migração executada',
  migrationErrorTitle: 'Erro na migração',
  migrationFailed: 'Não foi possível executar a migração.',
  debugTitle: 'Debug Admin',
  debugDescription: (canAccess: boolean, environment: string) =>
    `Acesso a recursos de administrador: ${canAccess ? 'sim' : 'não'} · Ambiente: ${ENVIRONMENT_LABELS[environment] ?? environment}`,
  debugErrorTitle: 'Erro no debug',
  debugFailed: 'Não foi possível obter informações de debug.',
} as const;
