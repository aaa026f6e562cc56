import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { z } from 'zod';
import { CreateProcedureTypeRequestSchema, ProcedureTypeSchema } from '@bari/contracts';
import { createProcedureTypeQueries } from '@bari/projections';
import type { ApiDependencies } from '../dependencies.ts';
import { requireApproved } from '../http/auth/guards.ts';
import { eventMetadata } from '../http/event-metadata.ts';
import type { RequestState } from '../http/request-state.ts';
import { respond } from '../http/route-support.ts';
import { ProcedureTypeNotFound } from '../patients/errors.ts';
import { handleProcedureTypesCommand } from './catalogue.ts';

/**
 * Procedure-type routes (spec §7), for approved users:
 * - `GET /api/procedure-types`: every type, in definition order.
 * - `POST /api/procedure-types` `{name, category, phase?, isRequired?}`: defines a type
 *   (the add-procedure dialog); 201 with it; a name already used in the category → 409.
 */
export function procedureTypeRoutes(router: Router<RequestState>, deps: ApiDependencies): void {
  const procedureTypes = createProcedureTypeQueries(deps.pool);

  router.get('/procedure-types', requireApproved(), async function listProcedureTypes(ctx) {
    respond(ctx, z.array(ProcedureTypeSchema), await procedureTypes.list());
  });

  router.post('/procedure-types', requireApproved(), async function defineProcedureType(ctx) {
    const request = CreateProcedureTypeRequestSchema.parse(ctx.request.body);
    const procedureTypeId = randomUUID();
    await handleProcedureTypesCommand(
      deps,
      {
        type: 'DefineProcedureType',
        data: {
          procedureTypeId,
          name: request.name,
          category: request.category,
          isRequired: request.isRequired,
        },
      },
      eventMetadata(ctx, ctx.state.user ?? null, deps.now()),
    );
    const defined = await procedureTypes.byId(procedureTypeId);
    if (!defined) throw new ProcedureTypeNotFound(procedureTypeId);
    respond(ctx, ProcedureTypeSchema, defined, 201);
  });
}
