import type { Middleware } from 'koa';
import type { RequestState } from './request-state.ts';

/**
 * `Content-Encoding` as the body parser matches it: lower case (coding names are
 * case-insensitive, RFC 9110 §8.4.1) and without `identity`, which changes nothing. 'GZIP' and
 * 'gzip, identity' were refused as unsupported (415) although the body was gzip.
 */
export function normalizeContentEncoding(): Middleware<RequestState> {
  return async function normalizeContentEncoding(ctx, next) {
    const header = ctx.req.headers['content-encoding'];
    if (header !== undefined) {
      const codings = header
        .split(',')
        .map((coding) => coding.trim().toLowerCase())
        .filter((coding) => coding !== '' && coding !== 'identity');
      if (codings.length === 0) delete ctx.req.headers['content-encoding'];
      else ctx.req.headers['content-encoding'] = codings.join(', ');
    }
    await next();
  };
}
