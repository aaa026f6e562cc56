import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

/**
 * Structured JSON logs. Secrets and health data never reach them: access keys, cookies and
 * authorization headers are redacted, and so are the bound values of a failed query (a slonik
 * error carries them: a typed key's hash, a patient's CPF), keeping the SQL for diagnosis.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'bari-care' },
      redact: {
        paths: [
          'accessKey',
          '*.accessKey',
          'req.headers.cookie',
          'req.headers.authorization',
          'key',
          '*.key',
          'err.values',
          'err.row',
          'err.cause.values',
        ],
        censor: '[oculto]',
      },
    },
    destination,
  );
}
