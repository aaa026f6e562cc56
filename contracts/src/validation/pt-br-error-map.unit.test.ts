import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ptBRErrorMap } from './pt-br-error-map.ts';

const messages = (schema: z.ZodTypeAny, value: unknown) =>
  schema.safeParse(value, { errorMap: ptBRErrorMap }).error?.issues.map((issue) => issue.message);

describe('Portuguese validation messages', () => {
  it('words a missing field', () => {
    expect(messages(z.object({ name: z.string() }), {})).toEqual(['Campo obrigatório']);
  });
  it('words a wrong type', () => {
    expect(messages(z.object({ age: z.number() }), { age: 'x' })).toEqual([
      'Tipo inválido: esperado número, recebido texto',
    ]);
  });
  it('words the types a query string coerces to: no English left in the message', () => {
    expect(messages(z.coerce.number().int(), 'Infinity')).toEqual([
      'Tipo inválido: esperado número inteiro, recebido número com casas decimais',
    ]);
    expect(messages(z.coerce.number(), 'x')).toEqual([
      'Tipo inválido: esperado número, recebido algo que não é número',
    ]);
  });
  it('words an invalid email and enum', () => {
    expect(messages(z.string().email(), 'x')).toEqual(['Email inválido']);
    expect(messages(z.enum(['a', 'b']), 'c')).toEqual(['Valor inválido; esperado um de: a, b']);
  });
  it('keeps the messages our schemas word themselves', () => {
    expect(messages(z.string().min(1, 'Nome é obrigatório'), '')).toEqual(['Nome é obrigatório']);
  });
});
