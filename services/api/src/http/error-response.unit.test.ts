import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { WrongExpectedVersion } from '@bari/event-store';
import { ContractViolation, DomainError, NotFound, parseOwnData } from '../shared/domain-error.ts';
import { ERROR_MESSAGES, toErrorResponse } from './error-response.ts';
import { PatientDatesOutOfOrder } from '../patients/errors.ts';

describe('toErrorResponse', () => {
  it('given a zod error, answers 400 with the first message of each field', () => {
    const error = z
      .object({ name: z.string().min(1, 'Nome é obrigatório'), cpf: z.string().min(1, 'CPF é obrigatório') })
      .safeParse({ name: '', cpf: '' }).error;
    expect(toErrorResponse(error, 'c1')).toEqual({
      status: 400,
      body: {
        code: 'VALIDATION',
        message: ERROR_MESSAGES.invalidData,
        errors: { name: 'Nome é obrigatório', cpf: 'CPF é obrigatório' },
      },
      unexpected: false,
    });
  });

  it('given a stale revision, answers 409', () => {
    const response = toErrorResponse(new WrongExpectedVersion('patient-1', 3n, 4n), 'c1');
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ code: 'STALE_REVISION', message: ERROR_MESSAGES.staleRevision });
  });

  it('maps domain error kinds to statuses and keeps their message', () => {
    expect(toErrorResponse(new NotFound('Paciente não encontrado'), 'c1')).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Paciente não encontrado' },
    });
    expect(toErrorResponse(new DomainError('forbidden', 'Acesso negado'), 'c1').status).toBe(403);
    expect(toErrorResponse(new DomainError('rate_limited', 'Muitas tentativas'), 'c1').status).toBe(429);
  });

  it('tells when to try again only for a refusal of the moment that says so', () => {
    const busy = new DomainError('unavailable', 'Ocupado', 'REPORTS_BUSY', 5);
    expect(toErrorResponse(busy, 'c1')).toMatchObject({ status: 503, retryAfterSeconds: 5 });
    expect(toErrorResponse(new DomainError('conflict', 'Duplicado'), 'c1')).not.toHaveProperty(
      'retryAfterSeconds',
    );
  });

  it("carries the error's own code, or its kind's when it names none", () => {
    expect(toErrorResponse(new DomainError('conflict', 'Duplicado', 'DUPLICATE_CPF'), 'c1').body).toEqual({
      code: 'DUPLICATE_CPF',
      message: 'Duplicado',
    });
    expect(toErrorResponse(new DomainError('forbidden', 'Acesso negado'), 'c1').body.code).toBe('FORBIDDEN');
    expect(toErrorResponse(new DomainError('invalid', 'Inválido'), 'c1').body.code).toBe('INVALID_REQUEST');
  });

  it('lists the fields a refusal is about under errors, as a validation error does', () => {
    const dates = new PatientDatesOutOfOrder(
      'surgeryDate',
      'A data da cirurgia não pode ser anterior à internação.',
    );
    expect(toErrorResponse(dates, 'c1')).toMatchObject({
      status: 400,
      body: {
        code: 'PATIENT_DATES_OUT_OF_ORDER',
        message: 'A data da cirurgia não pode ser anterior à internação.',
        errors: { surgeryDate: 'A data da cirurgia não pode ser anterior à internação.' },
      },
    });
  });

  it('answers 413 and 400 for body parser errors', () => {
    expect(
      toErrorResponse(Object.assign(new Error('too large'), { status: 413, expose: true }), 'c1').status,
    ).toBe(413);
    const malformed = Object.assign(new SyntaxError('Unexpected token'), { status: 400 });
    expect(toErrorResponse(malformed, 'c1').body).toEqual({
      code: 'MALFORMED_JSON',
      message: ERROR_MESSAGES.malformedJson,
    });
    const tooLarge = Object.assign(new Error('too large'), { status: 413, expose: true });
    expect(toErrorResponse(tooLarge, 'c1').body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('hides anything else behind a 500 that carries only the correlation id', () => {
    const response = toErrorResponse(new Error('relation "x" does not exist at /srv/app.ts:1'), 'corr-123');
    expect(response).toEqual({
      status: 500,
      body: { code: 'INTERNAL', message: ERROR_MESSAGES.internal, correlationId: 'corr-123' },
      unexpected: true,
    });
  });

  it('treats our own data failing its contract as a server fault (500), not the client 400', () => {
    let thrown: unknown;
    try {
      parseOwnData(z.object({ total: z.number() }), { total: 'três' }, 'response of GET /api/statistics');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ContractViolation);
    expect(toErrorResponse(thrown, 'c9')).toMatchObject({ status: 500, unexpected: true });
  });
});
