/**
 * Every Portuguese string of the sign-in feature, verbatim from spec §2 (Login) and §8. The spec
 * has no 'Sessão encerrada' dialog (signing in again over a form, its work kept): those are ours.
 */
export const authMessages = {
  title: 'Bari Care',
  subtitle: 'Entre com seu email e chave de acesso',
  emailLabel: 'Email',
  emailPlaceholder: 'seu.email@exemplo.com',
  accessKeyLabel: 'Chave de acesso',
  accessKeyPlaceholder: 'Digite sua chave de acesso',
  showAccessKey: 'Mostrar chave de acesso',
  hideAccessKey: 'Ocultar chave de acesso',
  submit: 'Entrar',
  submitting: 'Entrando...',
  hint: 'Precisa de uma chave de acesso? Entre em contato com o administrador.',
  /** A fresh installation: nobody has a key yet, the way in is /initialize (ours: the spec is silent). */
  notInitialized: 'Este sistema ainda não foi inicializado: nenhuma conta existe ainda.',
  initialize: 'Inicializar Sistema',
  loginFailed: 'Erro no login',
  unexpectedLoginError: 'Erro inesperado no login',
  sessionExpiredTitle: 'Sessão encerrada',
  sessionExpiredDescription:
    'Sua sessão foi encerrada. Entre novamente para continuar de onde parou; o que você digitou foi mantido.',
  sessionExpiredOtherUser: 'Se entrar com outro usuário, o que foi digitado será descartado.',
  leaveWithoutSaving: 'Sair sem salvar',
} as const;
