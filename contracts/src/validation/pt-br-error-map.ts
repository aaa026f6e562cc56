import { z, ZodIssueCode, type ZodErrorMap } from 'zod';

/**
 * zod's default messages in Brazilian Portuguese, for the cases our schemas do not word
 * themselves (wrong types, unknown enum values, malformed dates...). Installed once per
 * process by `installPortugueseValidationMessages()` — the server at start-up, the web app in main.
 */
export const ptBRErrorMap: ZodErrorMap = (issue, context) => {
  switch (issue.code) {
    case ZodIssueCode.invalid_type:
      if (issue.received === 'undefined') return { message: 'Campo obrigatório' };
      return {
        message: `Tipo inválido: esperado ${typeName(issue.expected)}, recebido ${typeName(issue.received)}`,
      };
    case ZodIssueCode.invalid_literal:
      return { message: 'Valor inválido' };
    case ZodIssueCode.unrecognized_keys:
      return { message: `Campo(s) não reconhecido(s): ${issue.keys.join(', ')}` };
    case ZodIssueCode.invalid_union:
    case ZodIssueCode.invalid_union_discriminator:
      return { message: 'Valor inválido' };
    case ZodIssueCode.invalid_enum_value:
      return { message: `Valor inválido; esperado um de: ${issue.options.map(String).join(', ')}` };
    case ZodIssueCode.invalid_date:
      return { message: 'Data inválida' };
    case ZodIssueCode.invalid_string:
      if (issue.validation === 'email') return { message: 'Email inválido' };
      if (issue.validation === 'uuid') return { message: 'Identificador inválido' };
      if (issue.validation === 'datetime' || issue.validation === 'date') return { message: 'Data inválida' };
      return { message: 'Formato inválido' };
    case ZodIssueCode.too_small:
      if (issue.type === 'string') {
        return {
          message:
            issue.minimum === 1 ? 'Campo obrigatório' : `Deve ter ao menos ${issue.minimum} caracteres`,
        };
      }
      if (issue.type === 'array') return { message: `Selecione ao menos ${issue.minimum} item(ns)` };
      return { message: `Deve ser maior ou igual a ${issue.minimum}` };
    case ZodIssueCode.too_big:
      if (issue.type === 'string') return { message: `Deve ter no máximo ${issue.maximum} caracteres` };
      if (issue.type === 'array') return { message: `Selecione no máximo ${issue.maximum} item(ns)` };
      return { message: `Deve ser menor ou igual a ${issue.maximum}` };
    case ZodIssueCode.not_multiple_of:
      return { message: `Deve ser múltiplo de ${issue.multipleOf}` };
    default:
      return { message: context.defaultError };
  }
};

const typeNames: Record<string, string> = {
  string: 'texto',
  number: 'número',
  boolean: 'verdadeiro/falso',
  object: 'objeto',
  array: 'lista',
  null: 'nulo',
  date: 'data',
  bigint: 'número',
  integer: 'número inteiro',
  float: 'número com casas decimais',
  nan: 'algo que não é número',
  undefined: 'nada',
  function: 'função',
  symbol: 'símbolo',
  unknown: 'valor desconhecido',
};
const typeName = (type: string) => typeNames[type] ?? type;

export function installPortugueseValidationMessages(): void {
  z.setErrorMap(ptBRErrorMap);
}
