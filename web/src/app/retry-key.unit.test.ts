import { describe, expect, it } from 'vitest';
import { createRetryKey } from './retry-key.ts';

describe('createRetryKey', () => {
  const counter = () => {
    let n = 0;
    return () => `key-${(n += 1)}`;
  };

  it('given the same body sent again, then the same key: a retry, answered with the first write', () => {
    const retryKey = createRetryKey(counter());
    expect(retryKey.keyFor({ cpf: '390.533.447-05', name: 'Ana' })).toBe('key-1');
    expect(retryKey.keyFor({ cpf: '390.533.447-05', name: 'Ana' })).toBe('key-1');
  });

  it('given a changed body, then a new key (the server refuses a key reused for another body)', () => {
    const retryKey = createRetryKey(counter());
    expect(retryKey.keyFor({ name: 'Ana' })).toBe('key-1');
    expect(retryKey.keyFor({ name: 'Ana Maria' })).toBe('key-2');
    expect(retryKey.keyFor({ name: 'Ana' })).toBe('key-3');
  });

  it('given a write answered, then the same body again is a new submission', () => {
    const retryKey = createRetryKey(counter());
    expect(retryKey.keyFor({ name: 'Ana' })).toBe('key-1');
    retryKey.written();
    expect(retryKey.keyFor({ name: 'Ana' })).toBe('key-2');
  });

  it('makes keys the server takes (visible ASCII, at most 255)', () => {
    expect(createRetryKey().keyFor({})).toMatch(/^[\x21-\x7e]{1,255}$/);
  });
});
