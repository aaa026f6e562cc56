import type { output, ZodTypeAny } from 'zod';
import type { ErrorCode } from '@bari/contracts';

/**
 * What went wrong, in domain terms. Domain code throws subclasses of `DomainError`; only the
 * outer Koa error handler maps a kind to an HTTP status (style.md, habit 5).
 */
export type DomainErrorKind =
  | 'invalid' // 400: the request breaks a rule the schema cannot express
  | 'unauthenticated' // 401
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'method_not_allowed' // 405: the route exists, not with this method (`Allow` lists those it has)
  | 'conflict' // 409: duplicate, stale revision, state that forbids the command
  | 'unsupported_media' // 415: a body the server cannot read as sent (its type or its encoding)
  | 'unprocessable' // 422: well formed, but not a request the server can take as it is
  | 'precondition_required' // 428: a write that must name the revision it was based on did not
  | 'rate_limited' // 429
  | 'unavailable'; // 503: the server cannot take more of this work now (try again shortly)

/** The code of an error that names no rule of its own: the kind's. */
const CODE_OF_KIND: Record<DomainErrorKind, ErrorCode> = {
  invalid: 'INVALID_REQUEST',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  method_not_allowed: 'METHOD_NOT_ALLOWED',
  conflict: 'CONFLICT',
  unsupported_media: 'UNSUPPORTED_MEDIA_TYPE',
  unprocessable: 'INVALID_REQUEST',
  precondition_required: 'PRECONDITION_REQUIRED',
  rate_limited: 'RATE_LIMITED',
  unavailable: 'UNAVAILABLE',
};

export class DomainError extends Error {
  /** The response's `code` (contracts' `ErrorCodeSchema`): what clients decide by. */
  readonly code: ErrorCode;
  /** The fields the refusal is about, and its message for each (the response's `errors`). */
  fieldErrors?: Readonly<Record<string, string>>;

  constructor(
    readonly kind: DomainErrorKind,
    /** Portuguese message shown to the user as `message` in the response body. */
    message: string,
    code?: ErrorCode,
    /** For a refusal of the moment (429, 503): when to try again, sent as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = new.target.name;
    this.code = code ?? CODE_OF_KIND[kind];
  }
}

export class NotFound extends DomainError {
  constructor(message = 'Recurso não encontrado') {
    super('not_found', message, 'NOT_FOUND');
  }
}

/**
 * Our own data broke our own contract: a response that fails its schema, a stored event that
 * fails its type's schema. A server fault (500, logged), never the client's "invalid data".
 */
export class ContractViolation extends Error {
  constructor(what: string, options: ErrorOptions) {
    super(`Contract violation: ${what}`, options);
    this.name = 'ContractViolation';
  }
}

/** Parses data the server produced or stored; a mismatch is a `ContractViolation`, not a 400. */
export function parseOwnData<Schema extends ZodTypeAny>(
  schema: Schema,
  value: unknown,
  what: string,
): output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ContractViolation(what, { cause: result.error });
  return result.data as output<Schema>;
}
