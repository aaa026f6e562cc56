import { describe, expect, it } from 'vitest';
import { SETUP_TOKEN_LIFETIME_MS, createSetupToken } from './setup-token.ts';

describe('setup token', () => {
  it('is 32 random bytes, base64url, different at each start-up', () => {
    const first = createSetupToken().value;
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createSetupToken().value).not.toBe(first);
  });

  it('is accepted once, then spent', () => {
    const token = createSetupToken();
    expect(token.take(token.value)).toBe(true);
    expect(token.take(token.value)).toBe(false);
  });

  it('is given back when the run it opened fails', () => {
    const token = createSetupToken();
    token.take(token.value);
    token.giveBack();
    expect(token.take(token.value)).toBe(true);
  });

  it('refuses anything else without spending itself', () => {
    const token = createSetupToken();
    for (const wrong of [
      undefined,
      '',
      'x',
      `${token.value}x`,
      token.value.slice(1),
      token.value.toUpperCase(),
    ]) {
      if (wrong !== token.value) expect(token.take(wrong)).toBe(false);
    }
    expect(token.take(token.value)).toBe(true);
  });
});

describe('setup token lifetime (issue 10, item 12)', () => {
  it('is refused 30 minutes after start-up', () => {
    let clock = new Date('2026-01-01T10:00:00.000Z');
    const token = createSetupToken(() => clock);
    clock = new Date(clock.getTime() + SETUP_TOKEN_LIFETIME_MS - 1);
    expect(token.take(token.value)).toBe(true);
    token.giveBack();
    clock = new Date(clock.getTime() + 1);
    expect(token.take(token.value)).toBe(false);
    expect(SETUP_TOKEN_LIFETIME_MS).toBe(30 * 60 * 1000);
  });
});
