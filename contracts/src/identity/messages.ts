/**
 * Every Portuguese string of the identity context, so a reviewer can hold them against the
 * spec (§5, §8) in one place. The web forms and the server's domain errors both read them.
 */
export const identityValidationMessages = {
  emailRequired: 'Email é obrigatório',
  emailInvalid: 'Email inválido',
  firstNameRequired: 'Nome é obrigatório',
  lastNameRequired: 'Sobrenome é obrigatório',
  nameTooLong: 'Deve ter no máximo 100 caracteres',
  descriptionRequired: 'A descrição é obrigatória',
  descriptionTooLong: 'A descrição deve ter no máximo 200 caracteres',
  expiresAtInvalid: 'Data de expiração inválida',
  userIdInvalid: 'Usuário inválido',
} as const;

export const identityErrorMessages = {
  /** One message for every refused login, whatever the cause (issue 3). */
  invalidCredentials: 'Email ou chave de acesso inválidos',
  emailAlreadyRegistered: 'Já existe um usuário cadastrado com este email',
  cannotDeleteSelf: 'Você não pode excluir a sua própria conta',
  cannotRejectSelf: 'Você não pode rejeitar a sua própria conta',
  cannotDeactivateOwnKey:
    'Você não pode desativar a chave com que entrou. Entre com outra chave para desativá-la.',
  administrationRevoked:
    'Sua sessão foi encerrada: outro administrador desativou a chave com que você entrou ou removeu a sua conta. Nada foi alterado',
  lastAdministratorDelete: 'Não é possível excluir o último administrador aprovado',
  lastAdministratorReject: 'Não é possível rejeitar o último administrador aprovado',
  alreadyInitialized: 'O sistema já foi inicializado',
  userNotFound: 'Usuário não encontrado',
  userAlreadyExists: 'Este usuário já existe',
  accessKeyNotFound: 'Chave de acesso não encontrada',
  accessKeyAlreadyIssued: 'Esta chave de acesso já existe',
  accessKeyIssuedBefore: (prefix: string) =>
    `Esta chave já foi criada por este mesmo pedido (${prefix}…) e, por segurança, não é mostrada de novo. Se ela não foi anotada, desative-a e crie outra.`,
  accessKeyExpiryInPast: 'A data de expiração deve ser no futuro',
} as const;

/** Lines of the force-initialization report (`results`). */
export const forceInitializationLines = {
  userCreated: (email: string) => `Usuário ${email} criado`,
  userVerified: (email: string) => `Usuário ${email} já existe`,
  userApproved: (email: string) => `Usuário ${email} aprovado`,
  notAdministrator: (email: string) => `Atenção: o usuário ${email} não é administrador`,
  userUnavailable: (email: string) =>
    `Não foi possível criar o usuário ${email}: o email está reservado. Tente novamente em alguns minutos`,
  emailInUseByAnotherAccount: (email: string) =>
    `Usuário ${email} não verificado: e-mail em uso por outra conta (não criada pela inicialização)`,
  keysDeactivated: (email: string, count: number) =>
    count === 1
      ? `1 chave padrão anterior de ${email} desativada`
      : `${count} chaves padrão anteriores de ${email} desativadas`,
  keyCreated: (email: string) => `Nova chave de acesso criada para ${email}`,
  done: 'Inicialização forçada concluída',
} as const;
