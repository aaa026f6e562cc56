import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';
import { DomainError, NotFound } from '../shared/domain-error.ts';
import { isApiPath } from './api-routing.ts';

export const STATIC_MESSAGES = {
  fileNotFound: 'Arquivo não encontrado',
  badPath: 'Caminho inválido.',
} as const;

/**
 * Serves the built web app. Any GET/HEAD outside `/api` that is not a file gets `index.html`
 * (the React router decides); hashed assets are cached for a year, `index.html` never.
 * The build writes brotli (`.br`) and gzip (`.gz`) copies beside each text file
 * (web/build/compress-assets.ts); koa-send picks one by `Accept-Encoding` (brotli first),
 * and `Vary: Accept-Encoding` keeps shared caches from handing one client's encoding to another.
 */
export function staticWeb(webDist: string): Middleware {
  const hasBuild = existsSync(join(webDist, 'index.html'));
  return async function serveWebApp(ctx, next) {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApiPath(ctx.path)) return next();
    if (!hasBuild) {
      ctx.status = 503;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'A interface web não foi compilada. Execute "make start" (ou "npm run build").';
      return;
    }
    const isAsset = ctx.path.startsWith('/assets/');
    ctx.vary('Accept-Encoding');
    try {
      await send(ctx, ctx.path, {
        root: webDist,
        index: 'index.html',
        maxage: isAsset ? 365 * 24 * 3600 * 1000 : 0,
        immutable: isAsset,
        hidden: false,
        brotli: true,
        gzip: true,
      });
    } catch (error) {
      const status = (error as { status?: number }).status;
      // koa-send's messages name the file's absolute path: never let one reach the client.
      if (status === 404 && isAsset) throw new NotFound(STATIC_MESSAGES.fileNotFound);
      if (status !== 404) {
        if (status !== undefined && status >= 400 && status < 500) {
          throw new DomainError('invalid', STATIC_MESSAGES.badPath);
        }
        throw error;
      }
      ctx.set('Cache-Control', 'no-cache');
      await send(ctx, 'index.html', { root: webDist, brotli: true, gzip: true });
    }
  };
}
