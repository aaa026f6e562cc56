import { describe, expect, it } from 'vitest';
import { focusSuccessor } from './focus-successor.ts';

describe('focusSuccessor', () => {
  const present =
    (...items: string[]) =>
    (item: string) =>
      items.includes(item);

  it("gives 'Aprovar', gone once approved, to the row's next action", () => {
    expect(
      focusSuccessor(['Aprovar', 'Rejeitar', 'Excluir'], 'Aprovar', present('Rejeitar', 'Excluir')),
    ).toBe('Rejeitar');
  });

  it('skips the actions that went with it', () => {
    expect(focusSuccessor(['a', 'b', 'c', 'd'], 'b', present('a', 'd'))).toBe('d');
  });

  it("falls back on the last action before it when it was the row's last", () => {
    expect(focusSuccessor(['Aprovar', 'Rejeitar'], 'Rejeitar', present('Aprovar'))).toBe('Aprovar');
  });

  it('gives nothing when no action is left, or when the lost control was not among them', () => {
    expect(focusSuccessor(['Desativar'], 'Desativar', present())).toBeUndefined();
    expect(focusSuccessor(['a', 'b'], 'x', present('a', 'b'))).toBeUndefined();
  });
});
