import { afterEach, describe, expect, it } from 'vitest';
import { CATEGORY_LABELS } from '@bari/contracts';
import { TODAY } from '@bari/contracts/testing';
import type { MunicipalReportPatient } from '@bari/projections';
import { DomainError } from '../../shared/domain-error.ts';
import { testReportHeading } from '../../../test/support/pdf.ts';
import type { PdfJob } from './pdf-job.ts';
import { followedPatient, pdfPages } from './testing/fixtures.ts';
import {
  createPdfRenderer,
  ReportCancelled,
  ReportsBusy,
  REPORTS_BUSY_RETRY_AFTER_SECONDS,
  type PdfRenderer,
} from './pdf-renderer.ts';

const heading = testReportHeading;

/** A municipal report of `count` patients in 20 municipalities: seconds of layout. */
function municipalJob(count: number): PdfJob {
  const patients: MunicipalReportPatient[] = Array.from({ length: count }, (_, index) => ({
    id: `p${index}`,
    name: `Paciente ${String(index).padStart(5, '0')} da Silva Conceição`,
    cpf: '39053344705',
    ibgeCode: String(2927400 + Math.floor(index / (count / 20))),
    municipalityName: `Município ${Math.floor(index / (count / 20))}`,
    uf: 'BA',
    totalProcedures: 93,
    allCompletedProcedures: index % 93,
    completed: index % 7,
    pending: index % 5,
    overdue: index % 3,
  }));
  return { kind: 'municipal', args: [patients, undefined, {}, heading] };
}

let renderer: PdfRenderer | undefined;
afterEach(async () => {
  await renderer?.close();
});

describe('the PDF renderer', () => {
  it('lays a large report out on its own thread: the calling thread keeps answering meanwhile', async () => {
    renderer = createPdfRenderer();
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    const pdf = await renderer.render(municipalJob(2_000), 'ana');
    const took = performance.now() - started;
    clearInterval(ticker);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Laid out here, the thread would stop for the whole layout (seconds); there, it barely pauses.
    expect(took).toBeGreaterThan(500);
    expect(longestGap).toBeLessThan(took / 4);
  });

  it('lays reports out one at a time, and refuses one more than can wait (503 REPORTS_BUSY)', async () => {
    renderer = createPdfRenderer({ maxWaiting: 1 });
    const first = renderer.render(municipalJob(200), 'ana');
    const second = renderer.render(municipalJob(10), 'bia');
    const third = renderer.render(municipalJob(10), 'carla');
    await expect(third).rejects.toSatisfy(
      (error) =>
        error instanceof DomainError &&
        error.code === 'REPORTS_BUSY' &&
        error.kind === 'unavailable' &&
        error.retryAfterSeconds === REPORTS_BUSY_RETRY_AFTER_SECONDS,
    );
    const [one, two] = await Promise.all([first, second]);
    expect(one.length).toBeGreaterThan(two.length);
    // The queue has room again.
    expect((await renderer.render(municipalJob(10), 'ana')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it("keeps one user's burst from filling the queue: two reports each at most, the others still served", async () => {
    renderer = createPdfRenderer({ maxPerUser: 2 });
    const burst = [0, 1, 2].map(() => renderer!.render(municipalJob(100), 'ana'));
    const other = renderer.render(municipalJob(10), 'bia');
    await expect(burst[2]).rejects.toSatisfy(
      (error) => error instanceof DomainError && error.code === 'REPORTS_BUSY',
    );
    await Promise.all([burst[0], burst[1], other]);
    // Received: room for that user again.
    expect((await renderer.render(municipalJob(10), 'ana')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('fails a job that cannot cross to the thread, and goes on with the next one', async () => {
    renderer = createPdfRenderer();
    const uncloneable = { kind: 'municipal', args: [[], undefined, {}, { ...heading, footer: () => 1 }] };
    await expect(renderer.render(uncloneable as unknown as PdfJob, 'ana')).rejects.toThrow(
      /could not be cloned/,
    );
    expect((await renderer.render(municipalJob(10), 'ana')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('takes a report out of the queue when its user goes away before its turn, freeing their place', async () => {
    renderer = createPdfRenderer({ maxPerUser: 2 });
    const first = renderer.render(municipalJob(200), 'bia');
    const gone = new AbortController();
    const waiting = renderer.render(municipalJob(10), 'ana', gone.signal);
    const second = renderer.render(municipalJob(10), 'ana');
    expect(() => renderer!.reserve('ana')).toThrow(ReportsBusy);
    gone.abort();
    await expect(waiting).rejects.toBeInstanceOf(ReportCancelled);
    renderer.reserve('ana').release();
    await Promise.all([first, second]);
  });

  it('lays out nothing for a user gone while the report was queried, and frees the place', async () => {
    renderer = createPdfRenderer({ maxPerUser: 1 });
    const place = renderer.reserve('ana');
    const gone = new AbortController();
    gone.abort();
    await expect(place.render(municipalJob(10), gone.signal)).rejects.toBeInstanceOf(ReportCancelled);
    expect(renderer.threadRunning).toBe(false);
    renderer.reserve('ana').release();
  });

  it('counts a place held for a report still being queried, until it is used or given back', async () => {
    renderer = createPdfRenderer({ maxWaiting: 2, maxPerUser: 2 });
    const ana = renderer.reserve('ana');
    renderer.reserve('ana');
    // The user's share is taken before either report is in the queue.
    expect(() => renderer!.reserve('ana')).toThrow(ReportsBusy);
    // So is the queue's: two places held fill a queue of two.
    expect(() => renderer!.reserve('bia')).toThrow(ReportsBusy);
    ana.release();
    ana.release(); // once only
    const bia = renderer.reserve('bia');
    expect(() => renderer!.reserve('carla')).toThrow(ReportsBusy);
    expect((await bia.render(municipalJob(10))).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(bia.render(municipalJob(10))).rejects.toThrow(/already used/);
    bia.release(); // after its layout: changes nothing
    expect(() => renderer!.reserve('bia')).not.toThrow();
  });

  it('stops its thread after a while without reports, and starts it again for the next one', async () => {
    renderer = createPdfRenderer({ idleMs: 100 });
    expect(renderer.threadRunning).toBe(false);
    await renderer.render(municipalJob(10), 'ana');
    expect(renderer.threadRunning).toBe(true);
    await expect.poll(() => renderer!.threadRunning, { timeout: 5_000 }).toBe(false);
    expect((await renderer.render(municipalJob(10), 'ana')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(renderer.threadRunning).toBe(true);
  });

  it("lays an individual report out with each page's patient, and a table's heading again where it goes on", async () => {
    renderer = createPdfRenderer();
    const job: PdfJob = { kind: 'individual', args: [followedPatient(), {}, TODAY, heading] };
    const pages = await pdfPages(await renderer.render(job, 'ana'));
    expect(pages.at(-1)!.at(-1)).toBe(
      `Maria Aparecida dos Santos Oliveira · CPF 529.982.247-25 · Página ${pages.length} de ${pages.length}`,
    );
    // 'Exames laboratoriais' goes on from the first page to the second, its heading atop it.
    expect(pages[1]![0]).toBe(CATEGORY_LABELS.pre_op_lab);
  });

  it('fails the report a layout throws on, and goes on with the next one', async () => {
    renderer = createPdfRenderer();
    const broken = { kind: 'municipal', args: [null, undefined, {}, heading] } as unknown as PdfJob;
    await expect(renderer.render(broken, 'ana')).rejects.toThrow(/PDF rendering failed/);
    expect((await renderer.render(municipalJob(10), 'ana')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
