import type Router from '@koa/router';
import { z } from 'zod';
import {
  AuditFacetsDtoSchema,
  AuditIntegrityDtoSchema,
  AuditLogEntryDtoSchema,
  AuditLogQuerySchema,
  TOTAL_COUNT_CAPPED_HEADER,
  type AccessParameters,
  type AuditLogQuery,
} from '@bari/contracts';
import { chainHead, lastVerification } from '@bari/event-store';
import { createAuditQueries } from '@bari/projections';
import type { ApiDependencies } from '../dependencies.ts';
import { requireApproved } from '../http/auth/guards.ts';
import type { RequestState } from '../http/request-state.ts';
import { checkedResponse, respond, respondCached } from '../http/route-support.ts';
import { isCachedPage } from '../http/read-cache.ts';
import { recordAccess } from './record-access.ts';
import { auditEntriesFor } from './staff-view.ts';

/** The filters of a read of the audit log, for its access event (the page is not a filter). */
function filtersOf(query: AuditLogQuery): AccessParameters {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined),
  ) as AccessParameters;
}

/**
 * The audit log, read-only, for every approved user (spec §2 and §6: /audit is an approved
 * user's screen; an access key's details only for administrators, `staff-view.ts`):
 * - `GET /api/audit-logs?search&action&entityType&userId&from&to&page&pageSize`: newest
 *   first, the total in `X-Total-Count`; the read itself is recorded (VIEW_AUDIT_LOG).
 * - `GET /api/audit-logs/facets`: the actions, entity types and users present, for the filters.
 * - `GET /api/audit-logs/integrity`: the hash-chained log's head (position and hash) and the
 *   last `npm run audit -- verify`.
 */
export function auditLogRoutes(router: Router<RequestState>, deps: ApiDependencies): void {
  const audit = createAuditQueries(deps.pool);

  router.get('/audit-logs', requireApproved(), async function listAuditLog(ctx) {
    const query = AuditLogQuerySchema.parse(ctx.query);
    const page = await deps.readCache.read(
      ['audit'],
      `audit|${JSON.stringify(query)}`,
      async () => {
        const { rows, ...counted } = await audit.list(query);
        return { ...counted, rows: checkedResponse(ctx, z.array(AuditLogEntryDtoSchema), rows) };
      },
      isCachedPage(query.page),
    );
    await recordAccess(ctx, deps, { action: 'VIEW_AUDIT_LOG', parameters: filtersOf(query) });
    ctx.set('X-Total-Count', String(page.total));
    if (page.totalCapped) ctx.set(TOTAL_COUNT_CAPPED_HEADER, 'true');
    // The page is cached for everyone; what a reader may see of it is chosen here.
    ctx.body = auditEntriesFor(ctx.state.user!, page.rows);
  });

  router.get('/audit-logs/facets', requireApproved(), async function auditFacets(ctx) {
    await respondCached(ctx, deps.readCache, ['audit'], 'audit-facets', AuditFacetsDtoSchema, () =>
      audit.facets(),
    );
  });

  router.get('/audit-logs/integrity', requireApproved(), async function auditIntegrity(ctx) {
    if (deps.config.EVENTSTORE_CONNECTION_STRING) {
      respond(ctx, AuditIntegrityDtoSchema, { available: false, head: null, lastVerification: null });
      return;
    }
    respond(ctx, AuditIntegrityDtoSchema, {
      available: true,
      head: await chainHead(deps.pool),
      lastVerification: await lastVerification(deps.pool),
    });
  });
}
