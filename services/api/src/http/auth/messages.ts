/** Portuguese messages of sessions, login throttling and the setup token. */
export const AUTH_MESSAGES = {
  tooManyLoginAttempts:
    'Muitas tentativas de login sem sucesso. Aguarde 15 minutos antes de tentar novamente.',
  forceInitializationForbidden:
    'A inicialização forçada exige um administrador conectado ou o token de configuração exibido no log do servidor.',
  loggedOut: 'Sessão encerrada.',
} as const;
