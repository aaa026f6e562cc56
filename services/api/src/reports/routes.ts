import type Router from '@koa/router';
import { z, type ZodTypeAny } from 'zod';
import {
  CustomReportQuerySchema,
  CustomReportRowSchema,
  EstablishmentStatisticSchema,
  IndividualReportQuerySchema,
  MunicipalReportQuerySchema,
  MunicipalityStatisticSchema,
  clinicToday,
  municipalityLabel,
  reportMessages,
  type Municipality,
  type ReportDateRange,
} from '@bari/contracts';
import { createPatientQueries, createReportQueries, type ReportQueries } from '@bari/projections';
import { recordAccess } from '../audit/record-access.ts';
import type { ApiDependencies } from '../dependencies.ts';
import { requireApproved } from '../http/auth/guards.ts';
import type { RequestState } from '../http/request-state.ts';
import { respond, respondCached, type Context } from '../http/route-support.ts';
import { DomainError, NotFound } from '../shared/domain-error.ts';
import { isIbgeCode, municipalitiesNamed } from './municipality-param.ts';
import type { PdfJob } from './pdf/pdf-job.ts';

/** A report's query string, or a 400 whose message is the first rule it breaks (Portuguese). */
function parseQuery<Schema extends ZodTypeAny>(schema: Schema, query: unknown): z.output<Schema> {
  const result = schema.safeParse(query);
  if (!result.success)
    throw new DomainError(
      'invalid',
      result.error.issues[0]?.message ?? reportMessages.dateInvalid,
      'VALIDATION',
    );
  return result.data as z.output<Schema>;
}

/**
 * The municipality a parameter names, preferring one with patients when a name is shared; 404
 * when none. A bare name that several municipalities with patients share ('Bom Jesus': PI and
 * RS) is a 400 that lists them: picking one silently left the other's patients out. A code the
 * current IBGE list does not know still names its patients, as they spell it (the statistics
 * list it so, and the report screens filter by the code they list).
 */
async function resolveMunicipality(
  reports: ReportQueries,
  param: string,
): Promise<{ ibgeCode: string; label: string }> {
  const candidates = municipalitiesNamed(param);
  if (candidates.length === 0 && isIbgeCode(param)) {
    const stored = await reports.municipalityWithPatients(param);
    if (stored) return { ibgeCode: param, label: municipalityLabel(stored) };
  }
  const withPatients: Municipality[] = [];
  for (const candidate of candidates) {
    if (await reports.municipalityWithPatients(candidate.ibgeCode)) withPatients.push(candidate);
  }
  if (withPatients.length > 1) {
    throw new DomainError(
      'invalid',
      reportMessages.municipalityAmbiguous(
        withPatients.map((municipality) => municipalityLabel(municipality)),
      ),
      'AMBIGUOUS_MUNICIPALITY',
    );
  }
  const chosen = withPatients[0] ?? candidates[0];
  if (!chosen) throw new NotFound(reportMessages.municipalityNotFound);
  return { ibgeCode: chosen.ibgeCode, label: municipalityLabel(chosen) };
}

/** A report's period as access-record parameters (absent dates as null). */
const rangeParameters = (range: ReportDateRange) => ({
  startDate: range.startDate ?? null,
  endDate: range.endDate ?? null,
});

/**
 * A name as part of a file name: ASCII letters and digits, the rest as underscores ('Maria da
 * Conceição' → 'Maria_da_Conceicao'), so two patients' reports saved the same day differ.
 */
function fileNamePart(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
}

function sendPdf(ctx: Context, bytes: Buffer, fileName: string): void {
  ctx.status = 200;
  ctx.type = 'application/pdf';
  ctx.set('Content-Disposition', `inline; filename="${fileName}"`);
  ctx.body = bytes;
}

/**
 * The report routes (spec §2 Reports, §7; issue 9), every one for approved users:
 * - `GET /api/reports/municipality` and `/establishment`: the statistics cards, by name.
 * - `GET /api/reports/individual?patient&startDate&endDate`: the patient's PDF (404 unknown).
 * - `GET /api/reports/municipal?municipality&startDate&endDate`: the municipal PDF; the
 *   municipality by IBGE code or label, absent = all (404 when it names none).
 * - `GET /api/reports/custom?fields&municipality`: every patient, only the ticked fields.
 * Bad or reversed dates and unknown fields answer 400 with a Portuguese message. Each PDF is
 * recorded as a GENERATE_REPORT access and each custom-report call as an EXPORT_REPORT (audit).
 */
export function reportRoutes(router: Router<RequestState>, deps: ApiDependencies): void {
  const reports = createReportQueries(deps.pool);
  const patients = createPatientQueries(deps.pool);
  const today = () => clinicToday(deps.now());

  router.get('/reports/municipality', requireApproved(), async function municipalityStatistics(ctx) {
    const day = today();
    await respondCached(
      ctx,
      deps.readCache,
      ['patients'],
      `municipalities|${day}`,
      z.array(MunicipalityStatisticSchema),
      () => reports.municipalities(day),
    );
  });

  router.get('/reports/establishment', requireApproved(), async function establishmentStatistics(ctx) {
    const day = today();
    await respondCached(
      ctx,
      deps.readCache,
      ['patients'],
      `establishments|${day}`,
      z.array(EstablishmentStatisticSchema),
      () => reports.establishments(day),
    );
  });

  /**
   * A PDF report: its place in the rendering queue is taken before anything else, so that a
   * refusal (503) costs no query and leaves no audit record; `build` queries and records the
   * access, then the report is laid out in the place held. A user who goes away before its
   * turn leaves the queue.
   */
  const pdfReport = async (ctx: Context, build: () => Promise<PdfJob>): Promise<Buffer> => {
    const place = deps.pdfRenderer.reserve(ctx.state.user!.id);
    // Watched from the start: a user gone while the query runs gets no layout either.
    const gone = new AbortController();
    ctx.res.once('close', () => {
      if (!ctx.res.writableFinished) gone.abort();
    });
    try {
      const job = await build();
      return await place.render(job, gone.signal);
    } finally {
      place.release();
    }
  };

  router.get('/reports/individual', requireApproved(), async function individualPdf(ctx) {
    const { patient: patientId, ...range } = parseQuery(IndividualReportQuerySchema, ctx.query);
    const day = today();
    let name = '';
    const bytes = await pdfReport(ctx, async () => {
      const patient = await patients.detail(patientId, day);
      if (!patient) throw new DomainError('not_found', reportMessages.patientNotFound, 'PATIENT_NOT_FOUND');
      await recordAccess(ctx, deps, {
        action: 'GENERATE_REPORT',
        patientId,
        parameters: { kind: 'individual', ...rangeParameters(range) },
      });
      const heading = { generatedAt: deps.now(), generatedBy: ctx.state.user! };
      name = fileNamePart(patient.name);
      return { kind: 'individual', args: [patient, range, day, heading] };
    });
    sendPdf(ctx, bytes, `Relatorio_Individual_${name ? `${name}_` : ''}${day}.pdf`);
  });

  router.get('/reports/municipal', requireApproved(), async function municipalPdf(ctx) {
    const { municipality: param, ...range } = parseQuery(MunicipalReportQuerySchema, ctx.query);
    const day = today();
    const bytes = await pdfReport(ctx, async () => {
      const municipality = param ? await resolveMunicipality(reports, param) : undefined;
      await recordAccess(ctx, deps, {
        action: 'GENERATE_REPORT',
        parameters: {
          kind: 'municipal',
          municipality: municipality?.ibgeCode ?? null,
          ...rangeParameters(range),
        },
      });
      const rows = await reports.municipalReport(municipality?.ibgeCode, range, day);
      const heading = { generatedAt: deps.now(), generatedBy: ctx.state.user! };
      return { kind: 'municipal', args: [rows, municipality?.label, range, heading] };
    });
    sendPdf(ctx, bytes, `Relatorio_Municipal_${day}.pdf`);
  });

  router.get('/reports/custom', requireApproved(), async function customReport(ctx) {
    const { fields, municipality: param, format } = parseQuery(CustomReportQuerySchema, ctx.query);
    const municipality = param ? await resolveMunicipality(reports, param) : undefined;
    await recordAccess(ctx, deps, {
      action: 'EXPORT_REPORT',
      parameters: {
        kind: 'custom',
        fields: fields.join(','),
        municipality: municipality?.ibgeCode ?? null,
        ...(format ? { format } : {}),
      },
    });
    respond(ctx, z.array(CustomReportRowSchema), await reports.custom(fields, municipality?.ibgeCode));
  });
}
