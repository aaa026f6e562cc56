import type Router from '@koa/router';
import { FixProductionDataResponseSchema, RunMigrationResponseSchema } from '@bari/contracts';
import { createPatientQueries, patientsProjection, readCheckpoints } from '@bari/projections';
import type { ApiDependencies } from '../dependencies.ts';
import { requireAdmin } from '../http/auth/guards.ts';
import { eventMetadata } from '../http/event-metadata.ts';
import type { RequestState } from '../http/request-state.ts';
import { respond } from '../http/route-support.ts';
import { fixProductionData, runMigration, type MaintenanceDependencies } from './maintenance.ts';

/**
 * Maintenance routes, administrators only (no body):
 * - `POST /api/admin/run-migration` ('Atualizar Procedimentos') → `{message, added, skipped}`;
 * - `POST /api/admin/fix-production-data` → `{corrections, toReview, skippedPatients}` (lines).
 */
export function maintenanceRoutes(router: Router<RequestState>, deps: ApiDependencies): void {
  const maintenance: MaintenanceDependencies = {
    ...deps,
    patients: createPatientQueries(deps.pool),
    patientsProjectionFailed: async () =>
      (await readCheckpoints(deps.pool, [patientsProjection.name])).get(patientsProjection.name)?.error !=
      null,
  };

  router.post('/admin/run-migration', requireAdmin(), async function runProcedureMigration(ctx) {
    const result = await runMigration(maintenance, eventMetadata(ctx, ctx.state.user ?? null, deps.now()));
    respond(ctx, RunMigrationResponseSchema, result);
  });

  router.post('/admin/fix-production-data', requireAdmin(), async function fixData(ctx) {
    const result = await fixProductionData(
      maintenance,
      eventMetadata(ctx, ctx.state.user ?? null, deps.now()),
    );
    respond(ctx, FixProductionDataResponseSchema, result);
  });
}
