import { describe, expect, it } from 'vitest';
import { requestUuid } from './request-id.ts';

describe('requestUuid', () => {
  const id = '01a21b2c-155d-7000-b25d-3b8d1961ba4e';

  it('reads an id typed in upper case as the lower-case id every stream and row is written with', () => {
    expect(requestUuid().parse(id.toUpperCase())).toBe(id);
    expect(requestUuid().parse(id)).toBe(id);
  });

  it('refuses what is not a UUID, with the message given', () => {
    const result = requestUuid('Usuário inválido').safeParse('01a21b2c');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Usuário inválido');
  });
});
