import type Router from '@koa/router';
import {
  CreateProcedureRequestSchema,
  PatientProcedureDtoSchema,
  UpdateProcedureRequestSchema,
  clinicToday,
  type PatientEvent,
} from '@bari/contracts';
import { createPatientQueries } from '@bari/projections';
import type { ApiDependencies } from '../dependencies.ts';
import { requireApproved } from '../http/auth/guards.ts';
import { eventMetadata } from '../http/event-metadata.ts';
import type { RequestState } from '../http/request-state.ts';
import { respond, type Context } from '../http/route-support.ts';
import { recordUnchangedAnswer } from '../audit/record-access.ts';
import { commandIdOf } from '../http/idempotency.ts';
import { derivedUuid } from '../shared/derived-id.ts';
import { catalogueContext, runPatientCommand } from './application.ts';
import type { PatientCommand } from './commands.ts';
import { ProcedureNotFound } from './errors.ts';
import { procedureIdParam } from './http.ts';
import { requireRegistered, type PatientState } from './patient.ts';
import { toProcedureDto } from './patient-dto.ts';
import { newId } from '../shared/new-id.ts';

/**
 * The spec's bulk lab action sends `{status: 'completed'}` alone, one PATCH per procedure:
 * a completion without a `completedDate` key is dated today (São Paulo), as ticking a box
 * defaults to today (§4). An empty or null date is still refused ('Data de realização é
 * obrigatória').
 */
function withDefaultCompletionDate(body: unknown, today: string): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const fields = body as Record<string, unknown>;
  return fields.status === 'completed' && !('completedDate' in fields)
    ? { ...fields, completedDate: today }
    : body;
}

/** The procedure an event is about (the last one names the procedure a command created or completed). */
function procedureOf(events: readonly PatientEvent[]): string | undefined {
  const last = events.at(-1);
  return last && 'procedureId' in last.data ? last.data.procedureId : undefined;
}

/**
 * Procedure routes (spec §7, issue 4), for approved users; procedures live in their
 * patient's stream, so each is a patient command:
 * - `POST /api/procedures`: `{patientId, procedureTypeId, status: 'pending'}` (add-procedure
 *   dialog) or `{patientId, procedureTypeId, status: 'completed', completedDate, location,
 *   professionalName, notes?}` ('Registrar Procedimento': completes the pending one of that
 *   type, else adds it completed). 201 with the procedure.
 * - `PATCH /api/procedures/:id`: `{status: 'completed', completedDate, location?,
 *   professionalName?, notes?}` ticks or re-dates it, `{status: 'pending'}` unticks it.
 */
export function procedureRoutes(router: Router<RequestState>, deps: ApiDependencies): void {
  const patients = createPatientQueries(deps.pool);
  const today = () => clinicToday(deps.now());
  const metadata = (ctx: Context) => eventMetadata(ctx, ctx.state.user ?? null, deps.now());

  /**
   * The procedure as the command left it (the decider's new state), not re-read from the read
   * model: a write that succeeded answers 201/200 even while the projections lag.
   */
  function sendProcedure(
    ctx: Context,
    state: PatientState,
    patientId: string,
    procedureId: string,
    status = 200,
  ) {
    const procedure = requireRegistered(state, patientId).procedures.get(procedureId);
    if (!procedure) throw new ProcedureNotFound(procedureId);
    respond(ctx, PatientProcedureDtoSchema, toProcedureDto(patientId, procedure, today()), status);
  }

  router.post('/procedures', requireApproved(), async function createProcedure(ctx) {
    const request = CreateProcedureRequestSchema.parse(ctx.request.body);
    const { patientId, procedureTypeId } = request;
    const context = await catalogueContext(deps, procedureTypeId);
    const commandId = commandIdOf(ctx);
    // The patient is part of the derivation: one key sent for two patients names two procedures.
    const procedureId = commandId === undefined ? newId() : derivedUuid(commandId, 'procedure', patientId);
    const command: PatientCommand =
      request.status === 'pending'
        ? { type: 'AddProcedure', data: { patientId, procedureId, procedureTypeId, ...context } }
        : {
            type: 'RecordProcedure',
            data: {
              patientId,
              procedureId,
              procedureTypeId,
              completedDate: request.completedDate,
              location: request.location,
              professionalName: request.professionalName,
              notes: request.notes,
              ...context,
            },
          };
    const { events, state } = await runPatientCommand(deps, patientId, command, metadata(ctx), {
      commandId,
    });
    await recordUnchangedAnswer(ctx, deps, events, patientId);
    sendProcedure(ctx, state, patientId, procedureOf(events) ?? procedureId, 201);
  });

  router.patch('/procedures/:id', requireApproved(), async function changeProcedure(ctx) {
    const procedureId = procedureIdParam(ctx);
    const day = today();
    const request = UpdateProcedureRequestSchema.parse(withDefaultCompletionDate(ctx.request.body, day));
    // Which patient holds the procedure: the read model's index (procedures have no stream of their own).
    const patientId = await patients.patientOfProcedure(procedureId);
    if (!patientId) throw new ProcedureNotFound(procedureId);
    const command: PatientCommand =
      request.status === 'completed'
        ? {
            type: 'CompleteProcedure',
            data: {
              patientId,
              procedureId,
              completedDate: request.completedDate,
              location: request.location,
              professionalName: request.professionalName,
              notes: request.notes,
              today: day,
              expected: request.expected,
            },
          }
        : {
            type: 'ReopenProcedure',
            data: { patientId, procedureId, today: day, expected: request.expected },
          };
    const { events, state } = await runPatientCommand(deps, patientId, command, metadata(ctx));
    await recordUnchangedAnswer(ctx, deps, events, patientId);
    sendProcedure(ctx, state, patientId, procedureId);
  });
}
