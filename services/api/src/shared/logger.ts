import { pino, type Logger } from 'pino';

export type { Logger } from 'pino';

/**
 * Structured JSON logs. Secrets never reach them: access keys, cookies and authorization
 * headers are redacted wherever they appear in a logged object.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'bari-care' },
    redact: {
      paths: ['accessKey', '*.accessKey', 'req.headers.cookie', 'req.headers.authorization', 'key', '*.key'],
      censor: '[oculto]',
    },
  });
}
