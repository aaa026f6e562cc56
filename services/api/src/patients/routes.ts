import type Router from '@koa/router';
import { z } from 'zod';
import {
  CompletePendingLabsRequestSchema,
  CompletePendingLabsResponseSchema,
  DeletePatientRequestSchema,
  PatientDeleted,
  PatientDetailDtoSchema,
  PatientListQuerySchema,
  PatientListRowSchema,
  PatientProcedureDtoSchema,
  RegisterPatientRequestSchema,
  StatisticsDtoSchema,
  UpdatePatientRequestSchema,
  clinicToday,
} from '@bari/contracts';
import { createPatientQueries, createStatisticsQueries } from '@bari/projections';
import type { ApiDependencies } from '../dependencies.ts';
import {
  recordAccess,
  recordUnchangedAnswer,
  rememberAsRead,
  type AccessRecord,
} from '../audit/record-access.ts';
import { identifierLookupsOf } from './identifier-lookups.ts';
import { listAccessOf } from './list-access.ts';
import { requireApproved } from '../http/auth/guards.ts';
import { eventMetadata } from '../http/event-metadata.ts';
import type { RequestState } from '../http/request-state.ts';
import { checkedResponse, respond, respondCached, type Context } from '../http/route-support.ts';
import { isCachedPage } from '../http/read-cache.ts';
import { commandIdOf } from '../http/idempotency.ts';
import {
  deletePatient,
  registerPatient,
  runPatientCommand,
  updatePatient,
  type PatientCommandResult,
} from './application.ts';
import { PatientNotFound, PatientVersionRequired, PatientWasDeleted } from './errors.ts';
import type { DomainError } from '../shared/domain-error.ts';
import { loadAggregate } from '../shared/command-handler.ts';
import { patientDecider, requireDeletionReason } from './business-logic.ts';
import { patientStream, patientStreamId } from './streams.ts';
import { expectedRevision, patientIdParam, setPatientEtag } from './http.ts';
import { requireRegistered } from './patient.ts';
import { toPatientDto } from './patient-dto.ts';

/**
 * The patient routes (spec §7, issue 4), every one for approved users:
 * - `GET /api/patients?search&status&page&pageSize`: a page of the list, newest first; the
 *   total in `X-Total-Count`.
 * - `POST /api/patients`: registers (201, the patient as `GET /api/patients/:id` shows it).
 * - `GET /api/patients/:id`: the patient, its progress and its procedures; `ETag: "<version>"`.
 * - `PATCH /api/patients/:id`: changes fields; `If-Match` or `version` required (428 without
 *   either), 409 when stale.
 * - `DELETE /api/patients/:id` `{reason}`: 204; the reason required (400
 *   `DELETION_REASON_INVALID`), `If-Match` or `?version=` required (428), 409 when stale.
 * - `GET /api/patients/:id/procedures`: its procedures.
 * - `POST /api/patients/:id/procedures/complete-pending-labs` `{completedDate?}`: 'mark all'
 *   on the lab exams in one command; answers `{completed}` (how many).
 * - `GET /api/statistics`: the dashboard's four numbers.
 * Writes answer from the command's own result, never a re-read of the read models, so a
 * write that succeeded is never reported as a 404 while the projections lag.
 */
export function patientRoutes(router: Router<RequestState>, deps: ApiDependencies): void {
  const patients = createPatientQueries(deps.pool);
  const patientDeps = { ...deps, patients };
  const statistics = createStatisticsQueries(deps.pool);
  const today = () => clinicToday(deps.now());
  const metadata = (ctx: Context) => eventMetadata(ctx, ctx.state.user ?? null, deps.now());

  /**
   * `expectedRevision`, but existence before preconditions: a write without a version to an
   * unknown patient is a 404, not a 428.
   */
  async function revisionOfExisting(ctx: Context, patientId: string, version: number | undefined) {
    try {
      return expectedRevision(ctx, patientId, version);
    } catch (error) {
      if (error instanceof PatientVersionRequired) {
        const { state } = await loadAggregate(deps.eventStore, patientStream(patientId), patientDecider);
        requireRegistered(state, patientId);
      }
      throw error;
    }
  }

  /**
   * What a deleted patient's 404 shows of its history (the name, when, by whom, why): a read of
   * its own (`seen`), told apart from the whole history read, which is recorded by itself.
   */
  const deletionNoticeRead = (patientId: string): AccessRecord => ({
    action: 'VIEW_HISTORY',
    patientId,
    parameters: { seen: 'deletion_notice' },
  });

  /**
   * Runs a write on one patient; refused as not found, it says why as the read does: a deleted
   * patient's edit or second deletion answers `PATIENT_DELETED` (when, by whom, why), not a bare
   * 'not found'.
   */
  async function sayingWhyNotFound<T>(ctx: Context, patientId: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof PatientNotFound) throw await whyNotFound(ctx, patientId);
      throw error;
    }
  }

  /**
   * A patient the read model lacks: deleted (its stream's last event says when, by whom and,
   * since deletions ask it, why), or none. Saying it deleted shows its name and why (a death,
   * often) from its history: that answer is recorded as an access to the history.
   */
  async function whyNotFound(ctx: Context, patientId: string): Promise<DomainError> {
    const [last] = await deps.eventStore.readStream(patientStreamId(patientId), {
      direction: 'backwards',
      maxCount: 1,
    });
    if (last?.type !== PatientDeleted.type) return new PatientNotFound(patientId);
    // Checked when appended; a deletion that no longer reads is still said to be one.
    const deleted = PatientDeleted.data.safeParse(last.data).data;
    await recordAccess(ctx, deps, deletionNoticeRead(patientId));
    return new PatientWasDeleted(
      patientId,
      deleted?.name ?? '',
      last.createdAt,
      last.metadata.userEmail,
      deleted?.reason,
    );
  }

  /**
   * The patient page as JSON text (`detailJson`: PostgreSQL writes the header, the read model
   * the procedures): sent as it comes, not decoded, checked and encoded again. Its
   * contract is held by the read model's tests, which compare it with the DTO built in
   * TypeScript and parse it with `PatientDetailDtoSchema`.
   */
  async function sendPatient(ctx: Context, patientId: string): Promise<void> {
    const detail = await patients.detailJson(patientId, today());
    if (!detail) throw await whyNotFound(ctx, patientId);
    setPatientEtag(ctx, detail.version);
    ctx.status = 200;
    ctx.type = 'application/json';
    ctx.body = detail.json;
  }

  /**
   * The patient as a command left it (the decider's new state), registered when its stream's
   * first event was decided: nothing is read again.
   */
  function sendWritten(ctx: Context, patientId: string, result: PatientCommandResult, status = 200) {
    const patient = requireRegistered(result.state, patientId);
    if (!result.registeredAt) throw new PatientNotFound(patientId);
    setPatientEtag(ctx, patient.revision);
    respond(ctx, PatientDetailDtoSchema, toPatientDto(patient, result.registeredAt, today()), status);
  }

  router.get('/patients', requireApproved(), async function listPatients(ctx) {
    const query = PatientListQuerySchema.parse(ctx.query);
    // Each page shows up to 200 patients' records: who read which page (or looked whom up, by
    // name, CPF or CNS) is an access.
    await recordAccess(ctx, deps, listAccessOf(query));
    const day = today();
    const page = await deps.readCache.read(
      ['patients'],
      `patients|${day}|${JSON.stringify(query)}`,
      async () => {
        const { rows, total } = await patients.list(query, day);
        return { total, rows: checkedResponse(ctx, z.array(PatientListRowSchema), rows) };
      },
      isCachedPage(query.page),
    );
    ctx.set('X-Total-Count', String(page.total));
    ctx.body = page.rows;
  });

  /** Runs a command that may be refused for a CPF or CNS someone holds, recording what that told. */
  async function recordingIdentifierLookups<T>(
    ctx: Context,
    sent: Parameters<typeof identifierLookupsOf>[1],
    run: () => Promise<T>,
  ): Promise<T> {
    try {
      return await run();
    } catch (error) {
      for (const access of identifierLookupsOf(error, sent)) await recordAccess(ctx, deps, access);
      throw error;
    }
  }

  router.post('/patients', requireApproved(), async function createPatient(ctx) {
    const form = RegisterPatientRequestSchema.parse(ctx.request.body);
    const result = await recordingIdentifierLookups(ctx, form, () =>
      registerPatient(patientDeps, form, metadata(ctx), commandIdOf(ctx)),
    );
    ctx.set('Location', `/api/patients/${result.patientId}`);
    sendWritten(ctx, result.patientId, result, 201);
  });

  router.get('/patients/:id', requireApproved(), async function showPatient(ctx) {
    await sendPatient(ctx, patientIdParam(ctx));
  });

  router.patch('/patients/:id', requireApproved(), async function editPatient(ctx) {
    const patientId = patientIdParam(ctx);
    const { version, ...changes } = UpdatePatientRequestSchema.parse(ctx.request.body ?? {});
    const result = await recordingIdentifierLookups(ctx, changes, () =>
      sayingWhyNotFound(ctx, patientId, async () => {
        const expected = await revisionOfExisting(ctx, patientId, version);
        return updatePatient(patientDeps, patientId, changes, expected, metadata(ctx));
      }),
    );
    await recordUnchangedAnswer(ctx, deps, result.events, patientId);
    sendWritten(ctx, patientId, result);
  });

  router.delete('/patients/:id', requireApproved(), async function removePatient(ctx) {
    const patientId = patientIdParam(ctx);
    const { version } = DeletePatientRequestSchema.parse(ctx.query);
    // At the door, before the version: a deletion without a reason is refused whoever it names.
    const reason = requireDeletionReason(reasonInBody(ctx.request.body));
    await sayingWhyNotFound(ctx, patientId, async () => {
      const expected = await revisionOfExisting(ctx, patientId, version);
      await deletePatient(patientDeps, patientId, expected, reason, metadata(ctx));
    });
    // The page that deleted it reads it again at once: told it is deleted, by whom and why,
    // which this session has just written.
    rememberAsRead(ctx, deps, deletionNoticeRead(patientId));
    ctx.status = 204;
  });

  router.get('/patients/:id/procedures', requireApproved(), async function listProcedures(ctx) {
    const patientId = patientIdParam(ctx);
    const procedures = await patients.procedures(patientId, today());
    if (!procedures) throw await whyNotFound(ctx, patientId);
    respond(ctx, z.array(PatientProcedureDtoSchema), procedures);
  });

  router.post(
    '/patients/:id/procedures/complete-pending-labs',
    requireApproved(),
    async function completePendingLabs(ctx) {
      const patientId = patientIdParam(ctx);
      const request = CompletePendingLabsRequestSchema.parse(ctx.request.body ?? {});
      const day = today();
      const { events } = await runPatientCommand(
        deps,
        patientId,
        {
          type: 'CompletePendingLabs',
          data: { patientId, completedDate: request.completedDate ?? day, today: day },
        },
        metadata(ctx),
        { commandId: commandIdOf(ctx) },
      );
      respond(ctx, CompletePendingLabsResponseSchema, { completed: events.length });
    },
  );

  router.get('/statistics', requireApproved(), async function showStatistics(ctx) {
    const day = today();
    await respondCached(ctx, deps.readCache, ['patients'], `statistics|${day}`, StatisticsDtoSchema, () =>
      statistics.statistics(day),
    );
  });
}

/** `reason` of a JSON object body; anything else (no body, an array) has none. */
function reasonInBody(body: unknown): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as { reason?: unknown }).reason
    : undefined;
}
