import type Router from '@koa/router';
import { z } from 'zod';
import {
  PatientAsOfQuerySchema,
  PatientDetailDtoSchema,
  PatientHistoryEntryDtoSchema,
  clinicToday,
} from '@bari/contracts';
import type { ApiDependencies } from '../dependencies.ts';
import { requireApproved } from '../http/auth/guards.ts';
import type { RequestState } from '../http/request-state.ts';
import { respond } from '../http/route-support.ts';
import { PatientNotFound } from '../patients/errors.ts';
import { patientIdParam } from '../patients/http.ts';
import { toPatientDto } from '../patients/patient-dto.ts';
import { patientHistory, patientStateAt } from './patient-history.ts';
import { readPatientStream } from './patient-stream.ts';
import { recordAccess } from './record-access.ts';

/**
 * Who read which patient, its history and its past states. Registered before the patient
 * routes, so `GET /api/patients/:id` passes through here first:
 * - with `?asOf=<ISO instant>` it answers here: the patient as it stood then, folded from its
 *   stream up to that instant (404 before its registration or after its deletion; now's state
 *   for an instant after now);
 * - without, the patient route answers and a 200 is recorded as VIEW_PATIENT;
 * - `GET /api/patients/:id/procedures` (the same health data, procedure by procedure): the
 *   patient route answers and a 200 is recorded as VIEW_PATIENT too;
 * - `GET /api/patients/:id/history`: the patient's events, newest first, with old and new
 *   values; readable for a deleted patient too.
 * The reads come from the stream or the read models; none waits for a projection.
 */
export function patientAccessRoutes(router: Router<RequestState>, deps: ApiDependencies): void {
  router.get('/patients/:id', requireApproved(), async function patientRead(ctx, next) {
    const { asOf } = PatientAsOfQuerySchema.parse(ctx.query);
    if (asOf === undefined) {
      await next();
      if (ctx.status === 200)
        await recordAccess(ctx, deps, { action: 'VIEW_PATIENT', patientId: patientIdParam(ctx) });
      return;
    }
    const patientId = patientIdParam(ctx);
    const events = await readPatientStream(deps.eventStore, patientId);
    // The past or now: a later instant made up a future state (procedures overdue that are
    // not); it is now's. Clamped, not refused: a browser's clock may run a little ahead.
    const instant = new Date(Math.min(new Date(asOf).getTime(), deps.now().getTime()));
    const state = patientStateAt(events, instant);
    if (state.kind !== 'Registered' || !events[0]) throw new PatientNotFound(patientId);
    const dto = toPatientDto(state, events[0].recordedAt.toISOString(), clinicToday(instant));
    await recordAccess(ctx, deps, { action: 'VIEW_PATIENT', patientId, parameters: { asOf } });
    respond(ctx, PatientDetailDtoSchema, dto);
  });

  router.get('/patients/:id/procedures', requireApproved(), async function proceduresRead(ctx, next) {
    await next();
    if (ctx.status === 200)
      await recordAccess(ctx, deps, { action: 'VIEW_PATIENT', patientId: patientIdParam(ctx) });
  });

  router.get('/patients/:id/history', requireApproved(), async function patientHistoryRead(ctx) {
    const patientId = patientIdParam(ctx);
    const events = await readPatientStream(deps.eventStore, patientId);
    if (events.length === 0) throw new PatientNotFound(patientId);
    await recordAccess(ctx, deps, { action: 'VIEW_HISTORY', patientId });
    respond(ctx, z.array(PatientHistoryEntryDtoSchema), patientHistory(events));
  });
}
