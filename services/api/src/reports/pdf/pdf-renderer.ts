import { Worker } from 'node:worker_threads';
import { DomainError } from '../../shared/domain-error.ts';
import { reportMessages } from '@bari/contracts';
import type { PdfAnswer, PdfJob } from './pdf-job.ts';

/** Reports waiting for the rendering thread beyond which a new one is refused (503). */
export const MAX_WAITING_PDFS = 8;
/**
 * Reports one user may have asked for and not received yet (being laid out or waiting): so
 * that one user's burst of large reports never fills the queue for everyone else.
 */
export const MAX_PDFS_PER_USER = 2;
/**
 * How long the thread stays without a report before it stops: it holds about 100 MB (its own
 * heap, pdfmake and the fonts), and a service prints a few reports a day; starting it again
 * costs the next report about a second.
 */
export const PDF_THREAD_IDLE_MS = 5 * 60 * 1000;

/** A place in the rendering queue, held from before a report's query until its layout. */
export interface PdfPlace {
  /** Lays the report out (once): it joins the queue now, behind the reports already in it. */
  render(job: PdfJob, signal?: AbortSignal): Promise<Buffer>;
  /** Gives the place back unused (the report failed before its layout); nothing after `render`. */
  release(): void;
}

export interface PdfRenderer {
  /**
   * Holds a place for a report `owner` (a user's id) asks for, or refuses it at once
   * (`ReportsBusy`): the routes take it before any other work (the query, the audit record),
   * so that a refusal costs nothing and a report recorded as generated is never refused.
   */
  reserve(owner: string): PdfPlace;
  /** `reserve` then `render`: the report laid out on the rendering thread, one at a time. */
  render(job: PdfJob, owner: string, signal?: AbortSignal): Promise<Buffer>;
  /** Whether the thread is running (started by a report, stopped after a while without one). */
  readonly threadRunning: boolean;
  /** Stops the thread; reports in flight or waiting fail. */
  close(): Promise<void>;
}

/**
 * The thread's first lines: TypeScript sources, as the API itself runs them (through tsx),
 * registered before the thread's module is imported (Node 20 loads a worker's entry before
 * an `--import` hook would apply to it).
 */
const THREAD_BOOTSTRAP = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then(({ register }) => { register(); return import(${JSON.stringify(new URL('./render-thread.ts', import.meta.url).href)}); })`;

/**
 * When a refused report is worth asking for again: the queue's reports take from a tenth of a
 * second to a few seconds each on two cores.
 */
export const REPORTS_BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * A report whose user went away (the connection closed) before its layout: not a fault of the
 * server, so not logged as one; nobody is left to read the answer.
 */
export class ReportCancelled extends DomainError {
  constructor() {
    super('unavailable', reportMessages.reportCancelled, 'UNAVAILABLE');
  }
}

/** A report refused because the thread's queue, or the user's share of it, is full. */
export class ReportsBusy extends DomainError {
  constructor() {
    super('unavailable', reportMessages.reportsBusy, 'REPORTS_BUSY', REPORTS_BUSY_RETRY_AFTER_SECONDS);
  }
}

interface Waiting {
  readonly id: number;
  readonly job: PdfJob;
  readonly resolve: (bytes: Buffer) => void;
  readonly reject: (error: Error) => void;
}

/**
 * PDFs laid out off the API's thread: pdfmake is synchronous, and while a municipal report of
 * 3,000 patients was laid out (6 s) every other request waited, a signed-in `GET /api/auth/user`
 * up to 15 s. One thread (the machine has two cores, the API needs the other), started by the
 * first report (not by every test's app) and again after a crash; at most `MAX_WAITING_PDFS`
 * wait for it, the next one is a 503.
 */
export function createPdfRenderer(
  options: { readonly maxWaiting?: number; readonly maxPerUser?: number; readonly idleMs?: number } = {},
): PdfRenderer {
  const maxWaiting = options.maxWaiting ?? MAX_WAITING_PDFS;
  const maxPerUser = options.maxPerUser ?? MAX_PDFS_PER_USER;
  const idleMs = options.idleMs ?? PDF_THREAD_IDLE_MS;
  let idleTimer: NodeJS.Timeout | undefined;
  const queue: Waiting[] = [];
  /** Places taken whose report is not in the queue yet (its query is running). */
  let held = 0;
  const pendingOf = new Map<string, number>();
  const hasRoomFor = (owner: string) =>
    queue.length + held < maxWaiting && (pendingOf.get(owner) ?? 0) < maxPerUser;
  let current: Waiting | undefined;
  let worker: Worker | undefined;
  let closed = false;
  let nextId = 1;

  const start = (): Worker => {
    const started = new Worker(THREAD_BOOTSTRAP, { eval: true });
    started.unref();
    started.on('message', (answer: PdfAnswer) => {
      const done = current;
      if (!done || done.id !== answer.id) return;
      current = undefined;
      if ('bytes' in answer)
        done.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.length));
      else done.reject(new Error(`PDF rendering failed: ${answer.error}`));
      next();
    });
    const lost = (error: Error) => {
      if (worker !== started) return;
      worker = undefined;
      current?.reject(error);
      current = undefined;
      next();
    };
    started.on('error', lost);
    started.on('exit', (code) => lost(new Error(`the PDF rendering thread exited (${code})`)));
    return started;
  };

  /** Nothing to lay out: the thread stops after `idleMs` unless a report comes first. */
  const stopWhenIdle = (): void => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (current || queue.length > 0 || !worker) return;
      const idle = worker;
      worker = undefined;
      void idle.terminate();
    }, idleMs);
    idleTimer.unref();
  };

  const next = (): void => {
    if (current || closed) return;
    const waiting = queue.shift();
    if (!waiting) {
      if (worker) stopWhenIdle();
      return;
    }
    clearTimeout(idleTimer);
    current = waiting;
    worker ??= start();
    try {
      worker.postMessage({ id: waiting.id, job: waiting.job });
    } catch (error) {
      // A job that cannot cross to the thread fails alone; the next one goes on.
      current = undefined;
      waiting.reject(error instanceof Error ? error : new Error(String(error)));
      next();
    }
  };

  const reserve = (owner: string): PdfPlace => {
    if (closed) throw new Error('the PDF renderer is closed');
    if (!hasRoomFor(owner)) throw new ReportsBusy();
    held += 1;
    pendingOf.set(owner, (pendingOf.get(owner) ?? 0) + 1);
    let taken = false;
    const take = (): boolean => {
      if (taken) return false;
      taken = true;
      held -= 1;
      return true;
    };
    const settled = () => {
      const left = (pendingOf.get(owner) ?? 1) - 1;
      if (left > 0) pendingOf.set(owner, left);
      else pendingOf.delete(owner);
    };
    return {
      release() {
        if (take()) settled();
      },
      render(job, signal) {
        if (!take()) return Promise.reject(new Error('this PDF place was already used'));
        if (closed) {
          settled();
          return Promise.reject(new Error('the PDF renderer is closed'));
        }
        // Gone while its query ran: not laid out at all.
        if (signal?.aborted) {
          settled();
          return Promise.reject(new ReportCancelled());
        }
        return new Promise<Buffer>((resolve, reject) => {
          const waiting: Waiting = {
            id: nextId++,
            job,
            resolve: (bytes) => {
              settled();
              resolve(bytes);
            },
            reject: (error) => {
              settled();
              reject(error);
            },
          };
          // The user went away before its turn: out of the queue, and the user's place freed.
          // (A report already being laid out finishes: the thread cannot be interrupted.)
          signal?.addEventListener(
            'abort',
            () => {
              const index = queue.indexOf(waiting);
              if (index >= 0) queue.splice(index, 1)[0]?.reject(new ReportCancelled());
            },
            { once: true },
          );
          queue.push(waiting);
          next();
        });
      },
    };
  };

  return {
    reserve,
    render(job, owner, signal) {
      try {
        return reserve(owner).render(job, signal);
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    get threadRunning() {
      return worker !== undefined;
    },
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      const stopping = worker;
      worker = undefined;
      for (const waiting of queue.splice(0)) waiting.reject(new Error('the PDF renderer is closed'));
      current?.reject(new Error('the PDF renderer is closed'));
      current = undefined;
      await stopping?.terminate();
    },
  };
}
