/**
 * The `Idempotency-Key` of one form's submissions: the same key while the form sends the same
 * body, so a retry after a lost answer (a dropped connection, a timeout) is answered with what
 * the first one wrote instead of being refused as a duplicate of itself ('Já existe um paciente
 * com este CPF' for the nurse's own patient); a new key once the body changes (the server
 * refuses a key reused for another body), and after `written` (the next identical submission is
 * a new one, meant).
 */
export interface RetryKey {
  keyFor(body: unknown): string;
  written(): void;
}

export function createRetryKey(newKey: () => string = () => crypto.randomUUID()): RetryKey {
  let last: { readonly body: string; readonly key: string } | undefined;
  return {
    keyFor(body) {
      const text = JSON.stringify(body);
      if (last?.body !== text) last = { body: text, key: newKey() };
      return last.key;
    },
    written() {
      last = undefined;
    },
  };
}
