/**
 * Portuguese strings of /account-pending and /access-denied. Titles and buttons are verbatim
 * from spec §2; the spec only paraphrases the body texts. It says a pending account gets "a
 * confirmation by email", but this system sends no email, so the text does not promise one.
 */
export const accountMessages = {
  pendingTitle: 'Conta Pendente de Aprovação',
  pendingDescription:
    'Sua conta foi criada e está aguardando a aprovação de um administrador. Assim que for aprovada, você poderá acessar o sistema.',
  rejectedTitle: 'Acesso Negado',
  rejectedDescription:
    'Sua solicitação de acesso não foi aprovada. Entre em contato com o administrador do sistema.',
  checkingTitle: 'Verificando status da sua conta...',
  emailLabel: 'Email',
  checkAgain: 'Verificar Status Novamente',
  logout: 'Fazer Logout',
  deniedTitle: 'Acesso Negado',
  deniedDescription:
    'Você não está cadastrado no sistema. Entre em contato com um administrador para solicitar o seu acesso.',
  backHome: 'Voltar ao Início',
  tryAgain: 'Tentar Novamente',
} as const;
