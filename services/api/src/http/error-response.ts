import { ZodError } from 'zod';
import { WrongExpectedVersion } from '@bari/event-store';
import type { ErrorBody, ErrorCode } from '@bari/contracts';
import { DomainError, type DomainErrorKind } from '../shared/domain-error.ts';

export interface ErrorResponse {
  readonly status: number;
  /** `{code, message}` (contracts' `ErrorBodySchema`): clients decide by `code`. */
  readonly body: ErrorBody;
  /** Unexpected: log it with its stack, answer without internals. */
  readonly unexpected: boolean;
  /** A refusal of the moment: seconds before trying again (`Retry-After`). */
  readonly retryAfterSeconds?: number;
}

const statusByKind: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  unsupported_media: 415,
  unprocessable: 422,
  precondition_required: 428,
  rate_limited: 429,
  unavailable: 503,
};

export const ERROR_MESSAGES = {
  invalidData: 'Dados inválidos. Verifique os campos destacados.',
  malformedJson: 'O corpo da requisição não é um objeto JSON válido.',
  badEncoding: 'O corpo da requisição não está comprimido como o cabeçalho Content-Encoding informa.',
  tooLarge: 'O corpo da requisição excede o tamanho máximo permitido.',
  headersTooLarge: 'O endereço ou os cabeçalhos da requisição excedem o tamanho máximo permitido.',
  malformedRequest: 'A requisição não é uma requisição HTTP válida.',
  requestTimeout: 'A requisição demorou demais para chegar e foi encerrada.',
  unsupportedMediaType: 'Tipo de conteúdo não suportado: envie application/json.',
  staleRevision: 'Este registro foi alterado por outra pessoa. Recarregue a página e tente novamente.',
  internal: 'Erro interno do servidor. Tente novamente; se persistir, informe o código ao suporte.',
} as const;

/** Maps any thrown value to the response the client sees. Pure, so it is tested without HTTP. */
export function toErrorResponse(error: unknown, correlationId: string): ErrorResponse {
  if (error instanceof ZodError) {
    return {
      status: 400,
      body: { code: 'VALIDATION', message: ERROR_MESSAGES.invalidData, errors: fieldErrors(error) },
      unexpected: false,
    };
  }
  if (error instanceof DomainError) {
    return {
      status: statusByKind[error.kind],
      body: {
        code: error.code,
        message: error.message,
        ...(error.fieldErrors === undefined ? {} : { errors: { ...error.fieldErrors } }),
      },
      unexpected: false,
      ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
    };
  }
  if (error instanceof WrongExpectedVersion) {
    return {
      status: 409,
      body: { code: 'STALE_REVISION', message: ERROR_MESSAGES.staleRevision },
      unexpected: false,
    };
  }
  if (isZlibError(error)) {
    return {
      status: 400,
      body: { code: 'MALFORMED_BODY_ENCODING', message: ERROR_MESSAGES.badEncoding },
      unexpected: false,
    };
  }
  const http = httpStatusOf(error);
  if (http === 413) {
    return {
      status: 413,
      body: { code: 'PAYLOAD_TOO_LARGE', message: ERROR_MESSAGES.tooLarge },
      unexpected: false,
    };
  }
  if (http === 415) {
    return {
      status: 415,
      body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: ERROR_MESSAGES.unsupportedMediaType },
      unexpected: false,
    };
  }
  if (http === 400 && isJsonSyntaxError(error)) {
    return {
      status: 400,
      body: { code: 'MALFORMED_JSON', message: ERROR_MESSAGES.malformedJson },
      unexpected: false,
    };
  }
  if (http !== undefined && http >= 400 && http < 500) {
    return {
      status: http,
      body: { code: codeOfHttpStatus(http), message: exposedMessage(error) },
      unexpected: false,
    };
  }
  return {
    status: 500,
    body: { code: 'INTERNAL', message: ERROR_MESSAGES.internal, correlationId },
    unexpected: true,
  };
}

/** First message per field, keyed by the dotted path (`''` for the whole body). */
function fieldErrors(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** Errors from http-errors / co-body carry `status` (or `statusCode`) and `expose`. */
function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate =
    (error as { status?: unknown; statusCode?: unknown }).status ??
    (error as { statusCode?: unknown }).statusCode;
  return typeof candidate === 'number' ? candidate : undefined;
}

/**
 * A body whose `Content-Encoding` (gzip, deflate, br) does not match its bytes: the body parser
 * passes on zlib's own error (`Z_DATA_ERROR`…, brotli's `ERR__ERROR_…`), which has no HTTP status.
 */
function isZlibError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(Z_|ERR__ERROR_)/.test(code);
}

function isJsonSyntaxError(error: unknown): boolean {
  return error instanceof SyntaxError || (error as { type?: string }).type === 'entity.parse.failed';
}

/** Another 4xx of Koa or its middleware (co-body, the router): its status's code. */
function codeOfHttpStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404 || status === 405) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 429) return 'RATE_LIMITED';
  return 'INVALID_REQUEST';
}

function exposedMessage(error: unknown): string {
  const expose = (error as { expose?: boolean }).expose;
  const message = (error as { message?: unknown }).message;
  return expose && typeof message === 'string' ? message : 'Requisição inválida.';
}
