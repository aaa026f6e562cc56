import { describe, expect, it } from 'vitest';
import { usersMessages as m } from './messages.ts';
import {
  countUsers,
  userActionSubject,
  userCreatedAt,
  userDisplayEmail,
  userDisplayName,
} from './user-format.ts';

describe('user display', () => {
  it('joins first and last names, or says the name is missing', () => {
    expect(userDisplayName({ firstName: 'Maria', lastName: 'Souza' })).toBe('Maria Souza');
    expect(userDisplayName({ firstName: 'Maria', lastName: null })).toBe('Maria');
    expect(userDisplayName({ firstName: null, lastName: null })).toBe('Nome não informado');
    expect(userDisplayName({ firstName: ' ', lastName: '' })).toBe('Nome não informado');
  });

  it('says the email is missing when it is empty', () => {
    expect(userDisplayEmail({ email: 'a@b.br' })).toBe('a@b.br');
    expect(userDisplayEmail({ email: '' })).toBe('Email não informado');
  });

  it("names the user a row's actions act on: the email, else the name", () => {
    const maria = { email: 'maria@sus.gov.br', firstName: 'Maria', lastName: 'Souza' };
    expect(m.approveUser(userActionSubject(maria))).toBe('Aprovar usuário maria@sus.gov.br');
    expect(m.rejectUser(userActionSubject(maria))).toBe('Rejeitar usuário maria@sus.gov.br');
    expect(m.deleteUser(userActionSubject({ ...maria, email: ' ' }))).toBe('Excluir usuário Maria Souza');
  });

  it("shows the creation date as dd/MM/yyyy, São Paulo's day", () => {
    expect(userCreatedAt('2025-03-07T12:00:00.000Z')).toBe('07/03/2025');
    // 01:30 in UTC is the evening before in São Paulo, whatever the computer's zone.
    expect(userCreatedAt('2025-03-08T01:30:00.000Z')).toBe('07/03/2025');
    expect(userCreatedAt(null)).toBe('Data não disponível');
    expect(userCreatedAt('não é data')).toBe('Data não disponível');
  });
});

describe('countUsers', () => {
  it('counts all, approved, rejected and pending users', () => {
    const statuses = ['approved', 'approved', 'pending', 'rejected'] as const;
    expect(countUsers(statuses.map((status) => ({ status })))).toEqual({
      total: 4,
      approved: 2,
      rejected: 1,
      pending: 1,
    });
  });
});

describe('the Debug Admin toast', () => {
  it("names the server's environment in Portuguese", () => {
    expect(m.debugDescription(true, 'development')).toBe(
      'Acesso a recursos de administrador: sim · Ambiente: desenvolvimento',
    );
    expect(m.debugDescription(false, 'staging')).toContain('Ambiente: staging');
  });
});
