import { afterEach, describe, expect, it } from 'vitest';
import { tabUser, tabUserHeader, tabUserParam, withTabUser } from './tab-user.ts';

const ID = '0b8f3c8e-2a1d-4d57-9a3e-6f1c2d3e4f5a';

describe("the tab's user", () => {
  afterEach(() => tabUser.forget());

  it('is named on every call once known, never on the calls that say who is signed in', () => {
    expect(tabUserHeader('/api/patients')).toEqual({});
    tabUser.set(ID);
    expect(tabUserHeader('/api/patients')).toEqual({ 'X-Bari-User': ID });
    expect(tabUserHeader('/api/auth/logout')).toEqual({ 'X-Bari-User': ID });
    for (const url of ['/api/auth/user', '/api/auth/login']) expect(tabUserHeader(url)).toEqual({});
  });

  it('is "none" once the tab knows nobody is signed in: a session opened elsewhere is not its', () => {
    tabUser.set(null);
    expect(tabUserHeader('/api/force-initialize')).toEqual({ 'X-Bari-User': 'none' });
    expect(tabUserParam()).toEqual({ asUser: 'none' });
  });

  it('goes on the links the tab opens', () => {
    expect(tabUserParam()).toEqual({});
    tabUser.set(ID);
    expect(tabUserParam()).toEqual({ asUser: ID });
    expect(withTabUser('/api/logout')).toBe(`/api/logout?asUser=${ID}`);
    expect(withTabUser('/api/x?a=1')).toBe(`/api/x?a=1&asUser=${ID}`);
  });
});
