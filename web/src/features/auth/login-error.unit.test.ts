import { LoginRequestSchema } from '@bari/contracts';
import { describe, expect, it } from 'vitest';
import { loginErrorMessage } from './login-error.ts';

describe('loginErrorMessage', () => {
  it("shows the server's message field", () => {
    const error = {
      status: 401,
      message: '401: {"message":"Email ou chave de acesso inválidos"}',
      data: { message: 'Email ou chave de acesso inválidos' },
    };
    expect(loginErrorMessage(error)).toBe('Email ou chave de acesso inválidos');
  });

  it("says 'Erro no login' when the server refused without a message", () => {
    expect(loginErrorMessage({ status: 500, message: '500: Internal Server Error' })).toBe('Erro no login');
    expect(loginErrorMessage({ status: 502, message: '502: <html>', data: { error: 'x' } })).toBe(
      'Erro no login',
    );
  });

  it('shows the message of any other failure', () => {
    expect(loginErrorMessage({ status: 'FETCH_ERROR', message: 'Failed to fetch' })).toBe('Failed to fetch');
    expect(loginErrorMessage(new Error('Boom'))).toBe('Boom');
  });

  it("says 'Erro inesperado no login' when the failure has no message", () => {
    expect(loginErrorMessage({ status: 'FETCH_ERROR', message: '' })).toBe('Erro inesperado no login');
    expect(loginErrorMessage(new Error(''))).toBe('Erro inesperado no login');
    expect(loginErrorMessage(undefined)).toBe('Erro inesperado no login');
  });
});

describe('LoginRequestSchema', () => {
  it('accepts an email and an access key, trimming the email', () => {
    expect(LoginRequestSchema.parse({ email: ' ana@sus.gov.br ', accessKey: 'k' })).toEqual({
      email: 'ana@sus.gov.br',
      accessKey: 'k',
    });
  });

  it('says in Portuguese what is missing or wrong (the form shows the first message of a field)', () => {
    const firstMessages = (input: unknown) => {
      const issues = LoginRequestSchema.safeParse(input).error?.issues ?? [];
      const byField = new Map<string, string>();
      for (const { path, message } of issues)
        if (!byField.has(path.join('.'))) byField.set(path.join('.'), message);
      return Object.fromEntries(byField);
    };

    expect(firstMessages({ email: '', accessKey: '' })).toEqual({
      email: 'Email é obrigatório',
      accessKey: 'Chave de acesso é obrigatória',
    });
    expect(firstMessages({ email: 'ana', accessKey: 'k' })).toEqual({ email: 'Email inválido' });
  });
});
