import type Router from '@koa/router';
import type { z } from 'zod';
import { PatientIdSchema } from '@bari/contracts';
import { DomainError } from '../shared/domain-error.ts';
import type { RequestState } from '../http/request-state.ts';
import { PatientNotFound, ProcedureNotFound } from './errors.ts';

/*
 * HTTP details shared by the patient, procedure and admin routes: ids in paths, the
 * patient's revision as ETag / If-Match, and responses checked against their contract.
 */

export type Context = Router.RouterContext<RequestState>;

export const REVISION_MESSAGES = {
  invalidIfMatch:
    'Cabeçalho If-Match inválido: envie a versão do paciente recebida no ETag, por exemplo "3".',
} as const;

/** A path id that is not a UUID names nothing: 404, like an unknown one. */
export function patientIdParam(ctx: Context): string {
  const id = ctx.params.id ?? '';
  if (!PatientIdSchema.safeParse(id).success) throw new PatientNotFound(id);
  return id;
}

export function procedureIdParam(ctx: Context): string {
  const id = ctx.params.id ?? '';
  if (!PatientIdSchema.safeParse(id).success) throw new ProcedureNotFound(id);
  return id;
}

/** The patient's version as a strong ETag: `"3"`. */
export function setPatientEtag(ctx: Context, version: number): void {
  ctx.set('ETag', `"${version}"`);
}

/**
 * The revision the client saw: `If-Match` (`"3"`, `W/"3"` or `3`; `*` means any) when sent,
 * else the `version` it sent in the body or query, else none (the write is not checked).
 */
export function expectedRevision(ctx: Context, version: number | undefined): number | undefined {
  const header = ctx.get('If-Match').trim();
  if (!header) return version;
  if (header === '*') return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header);
  if (!match?.[1]) throw new DomainError('invalid', REVISION_MESSAGES.invalidIfMatch);
  return Number(match[1]);
}

/** Sends `body` after checking it against the schema the web client consumes. */
export function respond<Schema extends z.ZodTypeAny>(
  ctx: Context,
  schema: Schema,
  body: z.input<Schema>,
  status = 200,
): void {
  ctx.status = status;
  ctx.body = schema.parse(body) as unknown;
}
