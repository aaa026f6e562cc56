import { parentPort } from 'node:worker_threads';
import { individualReport } from './individual-report.ts';
import { municipalReport } from './municipal-report.ts';
import type { PdfAnswer, PdfJob } from './pdf-job.ts';
import { renderPdf } from './pdf-engine.ts';

/*
 * The thread that lays PDFs out (`pdf-renderer.ts` starts it): pdfmake works synchronously, and
 * a municipal report of a few thousand patients held the API's thread for seconds.
 */

const layOut = (job: PdfJob) =>
  job.kind === 'individual' ? individualReport(...job.args) : municipalReport(...job.args);

parentPort?.on('message', ({ id, job }: { id: number; job: PdfJob }) => {
  Promise.resolve(job)
    .then((received) => renderPdf(layOut(received)))
    .then(
      (pdf) => {
        // A copy of its own, so the transfer never takes a pooled buffer from under anyone.
        const bytes = new Uint8Array(pdf);
        parentPort?.postMessage({ id, bytes } satisfies PdfAnswer, [bytes.buffer]);
      },
      (error: unknown) =>
        parentPort?.postMessage({
          id,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        } satisfies PdfAnswer),
    );
});
