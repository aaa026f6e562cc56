import cliProgress from 'cli-progress';
import { PatientDetailDtoSchema, addDaysToDate, type PatientProcedureDto } from '@bari/contracts';
import { PENDING_KEPT_PER_PATIENT, patientPlan, type Dataset, type PatientPlan } from './dataset.ts';
import type { ApiClient } from './http-client.ts';
import { messages } from './messages.ts';
import { PROFESSIONALS } from './names.ts';

/** What the seeded installation holds, for the measurements that follow. */
export interface SeededData {
  /** Patients still registered (not deleted). */
  readonly patientIds: readonly string[];
  /** Pending procedures nobody touched, at most a few per patient, one patient after another. */
  readonly pendingProcedureIds: readonly string[];
  readonly deleted: number;
  readonly requests: number;
  readonly seconds: number;
}

/** How long a write waits for a lagging read model: 60 × 1 s. */
const LAG_RETRIES = 60;
const LAG_RETRY_MS = 1_000;

interface PatientOutcome {
  readonly patientId: string;
  readonly pending: readonly string[];
  readonly deleted: boolean;
  readonly requests: number;
}

/**
 * Seeds `count` patients through the HTTP API, `clients` at a time, each one's history
 * (registration, lab exams, ticks, corrections, edits, deletion) played in order by one client.
 */
export async function seedPatients(
  api: ApiClient,
  dataset: Dataset,
  options: { readonly count: number; readonly clients: number; readonly progress: boolean },
): Promise<SeededData> {
  const outcomes: PatientOutcome[] = new Array<PatientOutcome>(options.count);
  const bar = new cliProgress.SingleBar(
    {
      format: messages.seedProgressFormat,
      hideCursor: true,
      barsize: 30,
      stream: process.stderr,
      // Redirected to a file (a long run under nohup): a line every 15 s instead of a bar.
      noTTYOutput: true,
      notTTYSchedule: 15_000,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = performance.now();
  if (options.progress) bar.start(options.count, 0, { rate: '0' });
  let next = 0;
  let done = 0;
  let failed = false;
  const worker = async () => {
    for (let index = next++; index < options.count && !failed; index = next++) {
      outcomes[index] = await playPatient(api, dataset, patientPlan(dataset, index));
      done += 1;
      const rate = done / ((performance.now() - started) / 1000);
      if (options.progress) bar.update(done, { rate: rate.toFixed(1) });
    }
  };
  try {
    // On a failure the other clients finish the patient in hand and stop: nothing of ours is
    // still talking to the app when it is stopped.
    const ends = await Promise.allSettled(
      Array.from({ length: options.clients }, () =>
        worker().catch((error: unknown) => {
          failed = true;
          throw error;
        }),
      ),
    );
    const failure = ends.find((end) => end.status === 'rejected');
    if (failure) throw failure.reason;
  } finally {
    if (options.progress) bar.stop();
  }
  const kept = outcomes.filter((outcome) => !outcome.deleted);
  return {
    patientIds: kept.map((outcome) => outcome.patientId),
    // Round-robin over patients: consecutive completions touch different patients' streams.
    pendingProcedureIds: interleave(kept.map((outcome) => outcome.pending)),
    deleted: outcomes.length - kept.length,
    requests: outcomes.reduce((sum, outcome) => sum + outcome.requests, 0),
    seconds: (performance.now() - started) / 1000,
  };
}

async function playPatient(api: ApiClient, dataset: Dataset, plan: PatientPlan): Promise<PatientOutcome> {
  const { random, form } = plan;
  let requests = 0;
  const call: ApiClient['request'] = (method, path, options) => {
    requests += 1;
    return api.request(method, path, options);
  };

  /**
   * Reads, and `PATCH /api/procedures/:id` (which finds the procedure's patient there), go
   * through the read models: when a command's wait for the projections timed out (a loaded
   * machine), the patient is not there yet and the answer is 404. A person would retry a
   * moment later; so do we.
   */
  const projected: ApiClient['request'] = async (method, path, options) => {
    for (let attempt = 1; ; attempt += 1) {
      const answer = await call(method, path, { ...options, expect: [...(options?.expect ?? [200]), 404] });
      if (answer.status !== 404) return answer;
      if (attempt >= LAG_RETRIES) throw new Error(`${method} ${path} still 404 after ${attempt} tries`);
      await new Promise((resolve) => setTimeout(resolve, LAG_RETRY_MS));
    }
  };
  const patchProcedure = (path: string, options: { readonly body: unknown }) =>
    projected('PATCH', path, options);

  /**
   * The edit screen's version comes from the read model; while it lags behind the stream the
   * write is refused (409) and a person reloads and saves again. So do we.
   */
  const withFreshVersion = async (write: (etag: string) => Promise<{ status: number }>) => {
    for (let attempt = 1; ; attempt += 1) {
      const { status } = await write(await currentEtag(projected, patientId));
      if (status !== 409) return;
      if (attempt >= LAG_RETRIES) throw new Error(`patient ${patientId}: still 409 after ${attempt} tries`);
      await new Promise((resolve) => setTimeout(resolve, LAG_RETRY_MS));
    }
  };

  const { body: patient } = await call('POST', '/api/patients', {
    body: form,
    schema: PatientDetailDtoSchema,
    expect: [201],
  });
  const patientId = patient.id;

  if (plan.labsCompletedOn) {
    await call('POST', `/api/patients/${patientId}/procedures/complete-pending-labs`, {
      body: { completedDate: plan.labsCompletedOn },
    });
  }

  // The follow-up visits already due, earliest first: ticked on (or a little after) their date.
  const due = patient.procedures
    .filter((procedure) => procedure.status === 'pending' && isDue(procedure, dataset.today))
    .sort((a, b) => (a.scheduledDate ?? '').localeCompare(b.scheduledDate ?? ''));
  const ticked = due.slice(0, plan.ticks);
  const completedOn = (procedure: PatientProcedureDto) => {
    const date = addDaysToDate(procedure.scheduledDate ?? form.admissionDate, random.int(0, 30));
    return date < dataset.today ? date : dataset.today;
  };
  for (const procedure of ticked) {
    await patchProcedure(`/api/procedures/${procedure.id}`, {
      body: {
        status: 'completed',
        completedDate: completedOn(procedure),
        location: form.surgeryLocation,
        professionalName: random.pick(PROFESSIONALS),
      },
    });
  }
  const [first, second] = ticked;
  if (plan.redates && second) {
    await patchProcedure(`/api/procedures/${second.id}`, {
      body: { status: 'completed', completedDate: completedOn(second) },
    });
  }
  if (plan.reopens && first) {
    await patchProcedure(`/api/procedures/${first.id}`, { body: { status: 'pending' } });
  }

  if (plan.edits) {
    await withFreshVersion((etag) =>
      call('PATCH', `/api/patients/${patientId}`, {
        headers: { 'if-match': etag },
        body: { notes: 'Retorno agendado pela equipe multiprofissional.' },
        expect: [200, 409],
      }),
    );
  }
  if (plan.deletes) {
    await withFreshVersion((etag) =>
      call('DELETE', `/api/patients/${patientId}`, {
        headers: { 'if-match': etag },
        body: { reason: 'Cadastro em duplicidade (carga do benchmark).' },
        expect: [204, 409],
      }),
    );
  }

  // Left for the completion load, which ticks them today: post-operative ones only, as a
  // pre-operative procedure of an operated patient is not done after the surgery.
  const touched = new Set(ticked.map((procedure) => procedure.id));
  const pending = patient.procedures
    .filter(
      (procedure) =>
        procedure.status === 'pending' &&
        procedure.procedureType.phase === 'post_operative' &&
        !touched.has(procedure.id),
    )
    .slice(-PENDING_KEPT_PER_PATIENT)
    .map((procedure) => procedure.id);
  return { patientId, pending, deleted: plan.deletes, requests };
}

function isDue(procedure: PatientProcedureDto, today: string): boolean {
  return procedure.scheduledDate !== null && procedure.scheduledDate <= today;
}

/** The patient's version as its ETag, as the edit screen reads it before saving. */
async function currentEtag(call: ApiClient['request'], patientId: string): Promise<string> {
  const { headers } = await call('GET', `/api/patients/${patientId}`);
  const etag = headers.get('etag');
  if (!etag) throw new Error(`GET /api/patients/${patientId} sent no ETag`);
  return etag;
}

function interleave<T>(lists: readonly (readonly T[])[]): T[] {
  const result: T[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let position = 0; position < longest; position += 1) {
    for (const list of lists) if (position < list.length) result.push(list[position]!);
  }
  return result;
}
