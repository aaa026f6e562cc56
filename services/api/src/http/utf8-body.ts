import type { Middleware } from 'koa';
import { DomainError } from '../shared/domain-error.ts';
import type { RequestState } from './request-state.ts';

export const UTF8_BODY_MESSAGE =
  'O texto enviado não está codificado em UTF-8: caracteres acentuados chegariam corrompidos. Reenvie-o em UTF-8.';

/**
 * The body parser decodes every JSON body as UTF-8 and turns bytes that are not (a name sent as
 * Latin-1: 'Concei\xe7\xe3o') into U+FFFD, which would then be stored and printed as 'Concei��o'
 * with the original letters lost. Such a body is refused whole, before any route reads it.
 * U+FFFD typed on purpose is refused too: it is never a letter of a name or a clinical note.
 */
export function requireUtf8Body(): Middleware<RequestState> {
  return async function requireUtf8Body(ctx, next) {
    const raw = (ctx.request as { rawBody?: unknown }).rawBody;
    // The raw text, for bytes the parser replaced and for the character written as a JSON escape
    // ('\\ufffd', which an attacking helper stored that way): read once, without walking the
    // parsed body (a wide one, sent before signing in, cost 100 ms).
    if (typeof raw === 'string' && (raw.includes(REPLACEMENT) || ESCAPED_REPLACEMENT.test(raw))) {
      throw new DomainError('invalid', UTF8_BODY_MESSAGE, 'MALFORMED_TEXT_ENCODING');
    }
    await next();
  };
}

const REPLACEMENT = '\uFFFD';
/**
 * '\\ufffd' as a JSON escape, in any case: after an even number of backslashes (none, or
 * escaped backslashes), so that a literal backslash followed by 'ufffd' is not taken for it.
 */
const ESCAPED_REPLACEMENT = /(?<!\\)(?:\\\\)*\\u[fF]{3}[dD]/;
