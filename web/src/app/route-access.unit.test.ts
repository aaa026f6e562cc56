import { describe, expect, it } from 'vitest';
import { routeAccess, sessionOf } from './route-access.ts';

describe('sessionOf', () => {
  it('tells loading, nobody, confined and approved apart', () => {
    expect(sessionOf(undefined, true)).toBe('loading');
    expect(sessionOf({ status: 'approved' }, true)).toBe('loading');
    expect(sessionOf(null, false)).toBe('anonymous');
    expect(sessionOf(undefined, false)).toBe('anonymous');
    expect(sessionOf({ status: 'pending' }, false)).toBe('confined');
    expect(sessionOf({ status: 'rejected' }, false)).toBe('confined');
    expect(sessionOf({ status: 'approved' }, false)).toBe('approved');
  });
});

describe('routeAccess', () => {
  it('given the profile is loading, shows only the loading screen', () => {
    for (const path of ['/', '/login', '/users', '/nada']) {
      expect(routeAccess(path, 'loading')).toEqual({ kind: 'loading' });
    }
  });

  it('given nobody is signed in, opens login, initialize and access-denied only', () => {
    for (const path of ['/login', '/initialize', '/access-denied', '/login/']) {
      expect(routeAccess(path, 'anonymous')).toEqual({ kind: 'render' });
    }
    for (const path of ['/', '/patients', '/users', '/account-pending', '/nada']) {
      expect(routeAccess(path, 'anonymous')).toEqual({ kind: 'redirect', to: '/login' });
    }
  });

  it('given a pending or rejected user, confines them to /account-pending', () => {
    expect(routeAccess('/account-pending', 'confined')).toEqual({ kind: 'render' });
    for (const path of ['/', '/login', '/initialize', '/users', '/nada']) {
      expect(routeAccess(path, 'confined')).toEqual({ kind: 'redirect', to: '/account-pending' });
    }
  });

  it('given an approved user, sends /login and /account-pending to / and leaves the rest to the router', () => {
    expect(routeAccess('/login', 'approved')).toEqual({ kind: 'redirect', to: '/' });
    expect(routeAccess('/account-pending', 'approved')).toEqual({ kind: 'redirect', to: '/' });
    expect(routeAccess('/account-pending/', 'approved')).toEqual({ kind: 'redirect', to: '/' });
    expect(routeAccess('/access-denied', 'approved')).toEqual({ kind: 'not-found' });
    for (const path of ['/', '/patients/42', '/users', '/initialize', '/nada']) {
      expect(routeAccess(path, 'approved')).toEqual({ kind: 'render' });
    }
  });
});
