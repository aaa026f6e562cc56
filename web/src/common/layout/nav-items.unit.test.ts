import { describe, expect, it } from 'vitest';
import { isNavItemActive, visibleNavItems } from './nav-items.ts';

describe('visibleNavItems', () => {
  it('shows Dashboard, Pacientes, Relatórios and Auditoria to everyone', () => {
    expect(visibleNavItems(false).map((item) => item.text)).toEqual([
      'Dashboard',
      'Pacientes',
      'Relatórios',
      'Auditoria',
    ]);
  });

  it('adds Usuários and Chaves de Acesso for administrators', () => {
    expect(visibleNavItems(true).map((item) => item.to)).toEqual([
      '/',
      '/patients',
      '/reports',
      '/audit',
      '/users',
      '/access-keys',
    ]);
  });
});

describe('isNavItemActive', () => {
  it('marks the root link active only on the root', () => {
    expect(isNavItemActive('/', '/')).toBe(true);
    expect(isNavItemActive('/patients', '/')).toBe(false);
  });

  it('marks other links active on their path and below', () => {
    expect(isNavItemActive('/patients', '/patients')).toBe(true);
    expect(isNavItemActive('/patients/new', '/patients')).toBe(true);
    expect(isNavItemActive('/patients/42', '/patients')).toBe(true);
    expect(isNavItemActive('/reports', '/patients')).toBe(false);
  });
});
