import { z } from 'zod';

/**
 * The machine-readable `code` of every error response, beside its Portuguese `message`.
 * Stable: clients decide by it (never by the message, which may be reworded), so a code is
 * only ever added, never renamed or reused.
 */
export const ErrorCodeSchema = z.enum([
  // Any request
  'VALIDATION', // 400: the body, query or params break the schema (`errors` per field)
  'INVALID_REQUEST', // 400: a rule the schema cannot express
  'MALFORMED_JSON', // 400
  'MALFORMED_BODY_ENCODING', // 400: the body is not compressed as its Content-Encoding says
  'MALFORMED_TEXT_ENCODING', // 400: the body's text is not UTF-8
  'BODY_NOT_OBJECT', // 400: the body is a JSON list, not an object
  'BODY_TOO_DEEP', // 400: the body nests more than 32 levels
  'PAYLOAD_TOO_LARGE', // 413
  'HEADERS_TOO_LARGE', // 431: the request line and headers exceed Node's limit
  'MALFORMED_REQUEST', // 400: not an HTTP request Node can parse
  'REQUEST_TIMEOUT', // 408: the request did not finish arriving in time
  'UNSUPPORTED_MEDIA_TYPE', // 415
  'UNSUPPORTED_CONTENT_ENCODING', // 415: a body compressed otherwise than gzip, deflate or br, or twice
  'NOT_FOUND', // 404: no such route or resource
  'METHOD_NOT_ALLOWED', // 405: the route exists, not with this method (`Allow` lists them)
  'CONFLICT', // 409
  'STALE_REVISION', // 409: the stream moved since it was read
  'PRECONDITION_REQUIRED', // 428
  'INTERNAL', // 500 (with `correlationId`)
  'INVALID_IF_MATCH', // 400
  'INVALID_IDEMPOTENCY_KEY', // 400
  'IDEMPOTENCY_KEY_REUSED', // 422: the key already named a request with another body
  // Sessions and access
  'UNAUTHENTICATED', // 401
  'ADMINISTRATION_REVOKED', // 401: another administrator ended this one's session meanwhile; nothing was changed
  'FORBIDDEN', // 403
  'NOT_APPROVED', // 403: signed in, account not approved
  'NOT_ADMIN', // 403
  'CROSS_ORIGIN', // 403: CSRF defence
  'RATE_LIMITED', // 429
  'UNAVAILABLE', // 503: more work of a kind than the server takes at once
  'REPORTS_BUSY', // 503: too many PDFs waiting to be laid out
  'READ_MODELS_BEHIND', // 503: an operation that lists from a read model while it lags behind the log
  'SETUP_TOKEN_REQUIRED', // 403: force-initialization without an administrator or the token
  // Identity
  'INVALID_CREDENTIALS',
  'EMAIL_ALREADY_REGISTERED',
  'CANNOT_REMOVE_SELF',
  'CANNOT_DEACTIVATE_OWN_KEY',
  'LAST_ADMINISTRATOR',
  'ALREADY_INITIALIZED',
  'USER_NOT_FOUND',
  'USER_ALREADY_EXISTS',
  'ACCESS_KEY_NOT_FOUND',
  'ACCESS_KEY_ALREADY_ISSUED',
  'ACCESS_KEY_ISSUED_BEFORE', // 409: 'Nova Chave' sent again with its Idempotency-Key
  'ACCESS_KEY_EXPIRY_IN_PAST',
  // Patients, procedures, procedure types
  'PATIENT_NOT_FOUND',
  'PATIENT_DELETED',
  'PATIENT_ALREADY_REGISTERED',
  'DUPLICATE_CPF',
  'DUPLICATE_CNS',
  'STALE_PATIENT',
  'PATIENT_VERSION_REQUIRED',
  'PATIENT_DATES_OUT_OF_ORDER',
  'DELETION_REASON_INVALID', // 400: a deletion without a reason of 5 to 500 characters (`errors.reason`)
  'PROCEDURE_NOT_FOUND',
  'PROCEDURE_TYPE_NOT_FOUND',
  'PROCEDURE_ALREADY_ASSIGNED',
  'PROCEDURE_ALREADY_COMPLETED',
  'STALE_PROCEDURE',
  'DUPLICATE_PROCEDURE_TYPE',
  'FUTURE_COMPLETION_DATE',
  'COMPLETION_BEFORE_SURGERY',
  'COMPLETION_AFTER_SURGERY',
  'REQUIRED_PROCEDURE_TYPE_FORBIDDEN',
  'AMBIGUOUS_MUNICIPALITY', // 400: a report's municipality named by a name several share
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** The body of every error response. */
export const ErrorBodySchema = z.object({
  code: ErrorCodeSchema,
  /** Portuguese, safe to show. */
  message: z.string(),
  /**
   * 400 VALIDATION: the first message per field, keyed by its dotted path (`''`: the whole
   * body); a 400 refusal about fields (PATIENT_DATES_OUT_OF_ORDER): its message per field.
   */
  errors: z.record(z.string()).optional(),
  /** 500: the request's id, for support. */
  correlationId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
