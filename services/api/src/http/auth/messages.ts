/** Portuguese messages of sessions, login throttling and the setup token. */
export const AUTH_MESSAGES = {
  tooManyLoginAttempts:
    'Muitas tentativas de login sem sucesso. Aguarde 15 minutos antes de tentar novamente.',
  forceInitializationForbidden:
    'A inicialização forçada exige um administrador conectado ou o token de configuração exibido no log do servidor.',
  initializationFromAnotherComputer:
    'A inicialização a partir de outro computador exige o token de configuração exibido no log do servidor (válido por 30 minutos após o início).',
  loggedOut: 'Sessão encerrada.',
} as const;
