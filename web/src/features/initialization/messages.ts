/**
 * Portuguese strings of /initialize. Button and section names and the toasts are verbatim
 * from spec §2 and §8; the spec only paraphrases the explanatory texts.
 */
export const initializationMessages = {
  pageTitle: 'Inicialização do Sistema',
  statusLoadFailed: 'Não foi possível verificar o status da inicialização.',
  notInitializedTitle: 'Sistema não inicializado',
  notInitializedDescription:
    'O sistema ainda não foi inicializado. A inicialização cria as contas padrão abaixo, cada uma com uma chave de acesso aleatória que será exibida uma única vez, logo após a criação.',
  accountsHeading: 'Contas que serão criadas',
  initialize: 'Inicializar Sistema',
  credentialsTitle: 'Credenciais criadas',
  credentialsWarning: 'Copie e guarde estas chaves agora: elas não serão exibidas novamente.',
  accessKeyLabel: 'Chave de acesso',
  goToLogin: 'Ir para Login',
  initializedTitle: 'Sistema inicializado',
  initializedDescription: 'O sistema já foi inicializado. Entre com seu email e chave de acesso.',
  usersCount: 'Usuários',
  accessKeysCount: 'Chaves de acesso',
  forceTitle: 'Inicialização Forçada',
  forceDescription:
    'Cria ou verifica as contas padrão e gera novas chaves de acesso para elas, independentemente do estado do banco de dados. Requer uma sessão de administrador ou o token de configuração que o servidor exibe no log ao iniciar.',
  setupTokenLabel: 'Token de configuração',
  setupTokenHelper: 'Dispensável se você estiver conectado como administrador.',
  initializeSetupTokenHelper:
    'Você não está no computador do servidor: informe o token de configuração exibido no log do servidor ao iniciar (válido por 30 minutos).',
  force: 'Executar Inicialização Forçada',
  resultsHeading: 'Resultados',
  initializedToastTitle: 'Sistema inicializado',
  initializedToastDescription: 'As contas padrão foram criadas.',
  forcedToastTitle: 'Inicialização executada',
  forcedToastDescription: 'A inicialização forçada foi concluída.',
  errorTitle: 'Erro na inicialização',
  initializeFailed: 'Erro ao inicializar',
  forceFailed: 'Erro na inicialização forçada',
} as const;
