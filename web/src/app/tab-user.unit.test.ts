import { afterEach, describe, expect, it } from 'vitest';
import { tabUser, tabUserHeader } from './tab-user.ts';

describe('tabUserHeader', () => {
  afterEach(() => tabUser.set(null));

  it("names the tab's user on every call once it is known, never on the calls that say who is signed in", () => {
    expect(tabUserHeader('/api/patients')).toEqual({});
    tabUser.set('0b8f3c8e-2a1d-4d57-9a3e-6f1c2d3e4f5a');
    expect(tabUserHeader('/api/patients')).toEqual({ 'X-Bari-User': '0b8f3c8e-2a1d-4d57-9a3e-6f1c2d3e4f5a' });
    expect(tabUserHeader('/api/procedures/1')).toEqual({
      'X-Bari-User': '0b8f3c8e-2a1d-4d57-9a3e-6f1c2d3e4f5a',
    });
    for (const url of ['/api/auth/user', '/api/auth/login', '/api/auth/logout'])
      expect(tabUserHeader(url)).toEqual({});
  });
});
