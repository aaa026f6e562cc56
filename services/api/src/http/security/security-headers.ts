import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

/**
 * Security headers (helmet) with a CSP for a same-origin single-page app: scripts only from
 * us, no plugins, no <base> rewriting, never framed. Styles allow inline attributes because
 * Blueprint positions popovers and dialogs with style attributes.
 */
export function securityHeaders(options: { readonly https: boolean }): Middleware {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense when we are actually served over HTTPS.
    strictTransportSecurity: options.https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
  });
}
