import { isApiError } from './http-client.ts';

/** Refusals whose `errors` are about the form's own values: invalid (400), held elsewhere (409). */
const FIELD_REFUSALS: ReadonlySet<unknown> = new Set([400, 409]);

/**
 * The field messages of a refusal (`{message, errors: {field: message}}`) that belong to one of a
 * form's `fields` (a nested path counts for its first segment), so that the server's refusal
 * shows under the field as the client's own check would.
 */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): [F, string][] {
  if (!isApiError(error) || !FIELD_REFUSALS.has(error.status)) return [];
  const errors = (error.data as { errors?: unknown } | undefined)?.errors;
  if (typeof errors !== 'object' || errors === null) return [];
  return Object.entries(errors).flatMap(([path, message]): [F, string][] => {
    const field = fields.find((name) => name === path.split('.')[0]);
    return field !== undefined && typeof message === 'string' ? [[field, message]] : [];
  });
}
