import { DomainError } from '../shared/domain-error.ts';
import { uuidParam, type Context } from '../http/route-support.ts';
import { PatientNotFound, PatientVersionRequired, ProcedureNotFound } from './errors.ts';

/*
 * HTTP details shared by the patient and procedure routes: their ids in paths and the
 * patient's revision as ETag / If-Match.
 */

export const REVISION_MESSAGES = {
  invalidIfMatch:
    'Cabeçalho If-Match inválido: envie a versão do paciente recebida no ETag, por exemplo "3".',
  conflictingVersions:
    'O cabeçalho If-Match e a versão enviada não conferem: envie apenas a versão do paciente que você viu.',
} as const;

export const patientIdParam = (ctx: Context): string => uuidParam(ctx, (id) => new PatientNotFound(id));

export const procedureIdParam = (ctx: Context): string => uuidParam(ctx, (id) => new ProcedureNotFound(id));

/** The patient's version as a strong ETag: `"3"`. */
export function setPatientEtag(ctx: Context, version: number): void {
  ctx.set('ETag', `"${version}"`);
}

/**
 * The revision the client saw: `If-Match` (`"3"`, `W/"3"` or `3`) or the `version` it sent in
 * the body or query. Neither is a PatientVersionRequired (428): a write must say what it was
 * based on. Only an explicit `If-Match: *` without a version asks for no check (undefined): a
 * version sent beside it is still checked, and one that contradicts the header is refused
 * rather than one of them silently ignored.
 */
export function expectedRevision(
  ctx: Context,
  patientId: string,
  version: number | undefined,
): number | undefined {
  const header = ctx.get('If-Match').trim();
  if (!header) {
    if (version === undefined) throw new PatientVersionRequired(patientId);
    return version;
  }
  if (header === '*') return version;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header);
  if (!match?.[1]) throw new DomainError('invalid', REVISION_MESSAGES.invalidIfMatch, 'INVALID_IF_MATCH');
  const seen = Number(match[1]);
  if (version !== undefined && version !== seen) {
    throw new DomainError('invalid', REVISION_MESSAGES.conflictingVersions, 'INVALID_IF_MATCH');
  }
  return seen;
}
