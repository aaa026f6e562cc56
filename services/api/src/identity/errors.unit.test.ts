import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error.ts';
import {
  AccessKeyAlreadyIssued,
  AccessKeyExpiryInPast,
  AccessKeyNotFound,
  AlreadyInitialized,
  CannotRemoveSelf,
  EmailAlreadyRegistered,
  InvalidCredentials,
  LastAdministrator,
  UserAlreadyExists,
  UserNotFound,
} from './errors.ts';

describe('identity errors', () => {
  it('are domain errors with a kind for the HTTP layer and a Portuguese message', () => {
    const cases: [DomainError, DomainError['kind'], string][] = [
      [new InvalidCredentials(), 'unauthenticated', 'Email ou chave de acesso inválidos'],
      [new EmailAlreadyRegistered('a@b.br'), 'conflict', 'Já existe um usuário cadastrado com este email'],
      [new CannotRemoveSelf('delete'), 'invalid', 'Você não pode excluir a sua própria conta'],
      [new CannotRemoveSelf('reject'), 'invalid', 'Você não pode rejeitar a sua própria conta'],
      [new LastAdministrator('delete'), 'conflict', 'Não é possível excluir o último administrador aprovado'],
      [
        new LastAdministrator('reject'),
        'conflict',
        'Não é possível rejeitar o último administrador aprovado',
      ],
      [new AlreadyInitialized(), 'conflict', 'O sistema já foi inicializado'],
      [new UserNotFound('u'), 'not_found', 'Usuário não encontrado'],
      [new UserAlreadyExists('u'), 'conflict', 'Este usuário já existe'],
      [new AccessKeyNotFound('k'), 'not_found', 'Chave de acesso não encontrada'],
      [new AccessKeyAlreadyIssued('k'), 'conflict', 'Esta chave de acesso já existe'],
      [new AccessKeyExpiryInPast(), 'invalid', 'A data de expiração deve ser no futuro'],
    ];
    for (const [error, kind, message] of cases) {
      expect(error).toBeInstanceOf(DomainError);
      expect([error.kind, error.message]).toEqual([kind, message]);
    }
    expect(new InvalidCredentials().name).toBe('InvalidCredentials');
  });
});
