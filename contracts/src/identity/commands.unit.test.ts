import { describe, expect, it } from 'vitest';
import {
  CreateAccessKeyRequestSchema,
  CreateUserRequestSchema,
  UpdateUserStatusRequestSchema,
} from './commands.ts';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: (string | number)[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('new user (Adicionar Usuário)', () => {
  it('accepts a valid user, trimmed, not an administrator by default', () => {
    expect(
      CreateUserRequestSchema.parse({ email: ' Maria@sus.gov.br ', firstName: ' Maria ', lastName: 'Souza' }),
    ).toEqual({
      email: 'Maria@sus.gov.br',
      firstName: 'Maria',
      lastName: 'Souza',
      isAdmin: false,
    });
  });

  it('says which fields are required, in Portuguese', () => {
    expect(
      messagesOf(CreateUserRequestSchema.safeParse({ email: '', firstName: ' ', lastName: '' })),
    ).toEqual({
      email: 'Email é obrigatório',
      firstName: 'Nome é obrigatório',
      lastName: 'Sobrenome é obrigatório',
    });
    expect(messagesOf(CreateUserRequestSchema.safeParse({}))).toEqual({
      email: 'Email é obrigatório',
      firstName: 'Nome é obrigatório',
      lastName: 'Sobrenome é obrigatório',
    });
  });

  it('gives one message for a malformed email', () => {
    const result = CreateUserRequestSchema.safeParse({ email: 'maria@', firstName: 'M', lastName: 'S' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Email inválido']);
  });

  it('keeps isAdmin when given', () => {
    expect(
      CreateUserRequestSchema.parse({ email: 'a@b.br', firstName: 'A', lastName: 'B', isAdmin: true })
        .isAdmin,
    ).toBe(true);
  });
});

describe('user status change', () => {
  it('accepts approved and rejected only', () => {
    expect(UpdateUserStatusRequestSchema.parse({ status: 'approved' })).toEqual({ status: 'approved' });
    expect(UpdateUserStatusRequestSchema.parse({ status: 'rejected' })).toEqual({ status: 'rejected' });
    expect(UpdateUserStatusRequestSchema.safeParse({ status: 'pending' }).success).toBe(false);
  });
});

describe('new access key (Nova Chave)', () => {
  it('requires a description after trimming', () => {
    expect(messagesOf(CreateAccessKeyRequestSchema.safeParse({ description: '   ' }))).toEqual({
      description: 'A descrição é obrigatória',
    });
    expect(messagesOf(CreateAccessKeyRequestSchema.safeParse({}))).toEqual({
      description: 'A descrição é obrigatória',
    });
  });

  it('treats an empty or null expiry and user as not given', () => {
    expect(
      CreateAccessKeyRequestSchema.parse({ description: ' Recepção ', expiresAt: '', userId: null }),
    ).toEqual({
      description: 'Recepção',
      expiresAt: undefined,
      userId: undefined,
    });
  });

  it('accepts an ISO instant as expiry and a user id to bind the key to', () => {
    const value = {
      description: 'Enfermagem',
      expiresAt: '2025-12-31T23:59:00-03:00',
      userId: '00000000-0000-4000-8000-000000000003',
    };
    expect(CreateAccessKeyRequestSchema.parse(value)).toEqual(value);
  });

  it('refuses an expiry without offset and a malformed user id', () => {
    expect(
      messagesOf(
        CreateAccessKeyRequestSchema.safeParse({
          description: 'x',
          expiresAt: '2025-12-31T23:59',
          userId: '12',
        }),
      ),
    ).toEqual({ expiresAt: 'Data de expiração inválida', userId: 'Usuário inválido' });
  });
});
