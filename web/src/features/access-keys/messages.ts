import { formatCount } from '../../common/number-format.ts';

/**
 * Portuguese strings of /access-keys. Names, the usage line, badges, the empty state and the
 * toasts are verbatim from spec §2 (Access keys), §5 and §8; labels the spec does not give
 * (field names, the binding line, the maintenance text) are ours.
 */
export const accessKeysMessages = {
  title: 'Chaves de Acesso',
  subtitle: 'Chaves que os usuários utilizam para entrar no sistema',
  newKey: 'Nova Chave',
  descriptionLabel: 'Descrição',
  descriptionPlaceholder: 'Ex.: Enfermagem — ambulatório',
  expiresAtLabel: 'Data de expiração (opcional)',
  expiryTimeLabel: 'Hora de expiração',
  expiryHelper: 'Horário de Brasília. Sem hora, a chave vale até o fim do dia (23:59).',
  userLabel: 'Usuário (opcional)',
  userHelper:
    'A chave entra somente como este usuário. Sem usuário, ela é um convite: o primeiro email sem conta que a utilizar fica com cadastro pendente de aprovação.',
  noUser: 'Nenhum — convite para um novo usuário',
  create: 'Criar Chave',
  close: 'Fechar',
  createdTitle: 'Chave criada com sucesso',
  createdWarning: 'Copie a chave agora: ela não será exibida novamente.',
  keyLabel: 'Chave de acesso',
  createdAt: 'Criada em',
  expiresAt: 'Expira em',
  noExpiry: 'Sem expiração',
  boundTo: 'Vinculada a',
  invitation: 'Convite — ainda não utilizada',
  removedUser: 'Usuário removido',
  usage: (count: number) => (count === 1 ? 'Uso: 1 vez' : `Uso: ${formatCount(count)} vezes`),
  statusActive: 'Ativa',
  statusInactive: 'Inativa',
  statusExpired: 'Expirada',
  deactivate: 'Desativar',
  /** Instead of 'Desativar' on the key the administrator signed in with (the server refuses it). */
  signedInHere: 'Em uso nesta sessão',
  /** The card's 'Desativar' as a screen reader names it: which key it ends. */
  deactivateKey: (description: string) => `Desativar chave ${description}`,
  deactivateConfirmation: (description: string) =>
    `Desativar a chave "${description}"? Quem a utiliza não poderá mais entrar com ela. Esta ação não pode ser desfeita.`,
  empty: 'Nenhuma chave de acesso foi criada ainda.',
  loadFailed: 'Não foi possível carregar as chaves de acesso.',
  errorTitle: 'Erro',
  createFailed: 'Erro ao criar chave de acesso',
  deactivated: 'Chave desativada',
  deactivateFailed: 'Erro ao desativar chave de acesso',
  maintenanceTitle: 'Manutenção do Sistema',
  maintenanceDescription:
    'Corrige inconsistências nos dados trazidos do sistema anterior: procedimentos obrigatórios duplicados, datas que contradizem o status e agendamentos fora do protocolo. Cada correção fica registrada na auditoria.',
  fixData: 'Corrigir Dados de Produção',
  fixConfirmation:
    'Aplicar as correções aos registros de todos os pacientes? Procedimentos obrigatórios duplicados sem dados registrados são removidos (duplicados com dados são mantidos e listados para revisão), procedimentos concluídos sem data voltam a pendentes e agendamentos fora do protocolo são refeitos.',
  fixApplied: 'Correção aplicada',
  fixCount: (count: number) =>
    count === 0
      ? 'Nenhuma correção necessária.'
      : `${count} ${count === 1 ? 'correção aplicada' : 'correções aplicadas'}.`,
  fixFailed: 'Erro ao aplicar correções',
  toReviewTitle: 'Duplicados mantidos (cada registro tem dados):',
  skippedTitle: 'Pacientes não verificados:',
} as const;
