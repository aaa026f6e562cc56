/**
 * What went wrong, in domain terms. Domain code throws subclasses of `DomainError`; only the
 * outer Koa error handler maps a kind to an HTTP status (style.md, habit 5).
 */
export type DomainErrorKind =
  | 'invalid' // 400: the request breaks a rule the schema cannot express
  | 'unauthenticated' // 401
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'conflict' // 409: duplicate, stale revision, state that forbids the command
  | 'rate_limited'; // 429

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    /** Portuguese message shown to the user as `message` in the response body. */
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFound extends DomainError {
  constructor(message = 'Recurso não encontrado') {
    super('not_found', message);
  }
}
