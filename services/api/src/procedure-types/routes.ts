import type Router from '@koa/router';
import { z } from 'zod';
import { CreateProcedureTypeRequestSchema, ProcedureTypeSchema } from '@bari/contracts';
import { createProcedureTypeQueries } from '@bari/projections';
import type { ApiDependencies } from '../dependencies.ts';
import { requireApproved } from '../http/auth/guards.ts';
import { eventMetadata } from '../http/event-metadata.ts';
import type { RequestState } from '../http/request-state.ts';
import { respond } from '../http/route-support.ts';
import { ProcedureTypeNotFound } from './errors.ts';
import { handleProcedureTypesCommand } from './catalogue.ts';
import { newId } from '../shared/new-id.ts';

/**
 * Procedure-type routes (spec §7), for approved users:
 * - `GET /api/procedure-types`: every type, in definition order.
 * - `POST /api/procedure-types` `{name, category, phase?, isRequired?}`: defines a type
 *   (the add-procedure dialog); 201 with it; a name already used in the category → 409;
 *   `isRequired: true` from anyone but an administrator → 403 (a required type joins the
 *   protocol of every patient).
 */
export function procedureTypeRoutes(router: Router<RequestState>, deps: ApiDependencies): void {
  const procedureTypes = createProcedureTypeQueries(deps.pool);

  router.get('/procedure-types', requireApproved(), async function listProcedureTypes(ctx) {
    respond(ctx, z.array(ProcedureTypeSchema), await procedureTypes.list());
  });

  router.post('/procedure-types', requireApproved(), async function defineProcedureType(ctx) {
    const request = CreateProcedureTypeRequestSchema.parse(ctx.request.body);
    const procedureTypeId = newId();
    const { state, revision } = await handleProcedureTypesCommand(
      deps,
      {
        type: 'DefineProcedureType',
        data: {
          procedureTypeId,
          name: request.name,
          category: request.category,
          isRequired: request.isRequired,
          byAdministrator: ctx.state.user?.isAdmin === true,
        },
      },
      eventMetadata(ctx, ctx.state.user ?? null, deps.now()),
    );
    // Patient commands of this process know the new type at once.
    deps.procedureTypes.remember(state, revision);
    // From the command's own state: the read model may lag behind the write.
    const defined = state.types.get(procedureTypeId);
    if (!defined) throw new ProcedureTypeNotFound(procedureTypeId);
    respond(ctx, ProcedureTypeSchema, defined, 201);
  });
}
