import type { Middleware } from 'koa';
import { DomainError } from '../shared/domain-error.ts';
import type { RequestState } from './request-state.ts';

export const CONTENT_ENCODING_MESSAGES = {
  unsupported:
    'Codificação do corpo não suportada: envie-o sem compressão ou comprimido uma vez, em gzip, deflate ou br.',
} as const;

/** What the body parser decompresses, one coding at a time. */
const SUPPORTED = new Set(['gzip', 'deflate', 'br']);

/**
 * `Content-Encoding` as the body parser matches it: lower case (coding names are
 * case-insensitive, RFC 9110 §8.4.1), `x-gzip` read as `gzip` (§8.4.1.3) and without
 * `identity`, which changes nothing. 'GZIP' and 'gzip, identity' were refused as unsupported
 * (415) although the body was gzip. Another coding, or two, is refused here in its own words:
 * the parser's 415 said the content type was wrong ('envie application/json').
 */
export function normalizeContentEncoding(): Middleware<RequestState> {
  return async function normalizeContentEncoding(ctx, next) {
    const header = ctx.req.headers['content-encoding'];
    if (header !== undefined) {
      const codings = header
        .split(',')
        .map((coding) => coding.trim().toLowerCase())
        .map((coding) => (coding === 'x-gzip' ? 'gzip' : coding))
        .filter((coding) => coding !== '' && coding !== 'identity');
      if (codings.length > 1 || (codings.length === 1 && !SUPPORTED.has(codings[0]!))) {
        throw new DomainError(
          'unsupported_media',
          CONTENT_ENCODING_MESSAGES.unsupported,
          'UNSUPPORTED_CONTENT_ENCODING',
        );
      }
      if (codings.length === 0) delete ctx.req.headers['content-encoding'];
      else ctx.req.headers['content-encoding'] = codings.join(', ');
    }
    await next();
  };
}
