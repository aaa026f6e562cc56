import { MUNICIPALITIES, addDaysToDate, type Municipality, type PatientFormInput } from '@bari/contracts';
import { distinctCns, syntheticCpf } from './identifiers.ts';
import { ESTABLISHMENTS, FIRST_NAMES, PROFESSIONALS, SURNAMES } from './names.ts';
import { createRandom, randomFor, sample, type Random } from './random.ts';

export const MUNICIPALITY_COUNT = 200;
/** How far back admissions go: five years of a service's history. */
const HISTORY_DAYS = 5 * 365;
/** Individual ticks per patient at most (the lab exams are ticked in one 'mark all'). */
const MAX_TICKS = 6;
/** Pending procedures per patient left untouched for the completion benchmark. */
export const PENDING_KEPT_PER_PATIENT = 3;

/** The fixed context every patient is drawn from: the run's seed, its day and municipalities. */
export interface Dataset {
  readonly seed: number;
  readonly today: string;
  readonly municipalities: readonly Municipality[];
}

/**
 * What happens to one patient over time. Decided up front from the seed, so a run with the
 * same seed registers the same people and does the same things to them; the server's ids
 * (patients, procedures) differ between runs, the content does not.
 */
export interface PatientPlan {
  readonly index: number;
  readonly form: PatientFormInput;
  /** 'Mark all' on the lab exams, on this date. */
  readonly labsCompletedOn: string | null;
  /** How many of the post-operative procedures already due get ticked, earliest first. */
  readonly ticks: number;
  /** Unticks one completed procedure (a correction). */
  readonly reopens: boolean;
  /** Changes the date of one completed procedure. */
  readonly redates: boolean;
  /** Edits the patient's record (notes, discharge date). */
  readonly edits: boolean;
  /** Deletes the patient at the end. */
  readonly deletes: boolean;
  /** The patient's own stream of random numbers for dates chosen once ids are known. */
  readonly random: Random;
}

export function createDataset(seed: number, today: string): Dataset {
  return { seed, today, municipalities: sample(createRandom(seed), MUNICIPALITIES, MUNICIPALITY_COUNT) };
}

/** A registration form for the `index`-th person of the run (also used by the command benchmark). */
export function patientForm(dataset: Dataset, index: number, random = randomFor(dataset.seed, index)) {
  const admissionDate = addDaysToDate(dataset.today, -random.int(10, HISTORY_DAYS));
  const operated = random.chance(0.92);
  const surgeryDate = operated ? addDaysToDate(admissionDate, random.int(0, 2)) : null;
  const dischargeDate =
    surgeryDate && random.chance(0.9) ? addDaysToDate(surgeryDate, random.int(2, 6)) : null;
  const name = [random.pick(FIRST_NAMES), random.pick(SURNAMES), random.pick(SURNAMES)].join(' ');
  const form: PatientFormInput = {
    name,
    cpf: syntheticCpf(dataset.seed, index),
    cns: random.chance(0.7) ? distinctCns(dataset.seed, index, random.chance(0.5) ? 1 : 2) : null,
    municipality: random.pick(dataset.municipalities),
    admissionDate,
    dischargeDate: dischargeDate && dischargeDate <= dataset.today ? dischargeDate : null,
    surgeryDate,
    surgeryLocation: random.pick(ESTABLISHMENTS),
    surgeonName: random.pick(PROFESSIONALS),
    aihNumber: random.chance(0.5) ? String(random.int(1e12, 1e13 - 1)) : null,
    sisregCode: random.chance(0.4) ? String(random.int(100_000, 999_999_999)) : null,
    notes: random.chance(0.1) ? 'Paciente encaminhado pela atenção básica.' : null,
  };
  return form;
}

export function patientPlan(dataset: Dataset, index: number): PatientPlan {
  const random = randomFor(dataset.seed, index);
  const form = patientForm(dataset, index, random);
  return {
    index,
    form,
    labsCompletedOn: random.chance(0.75) ? form.admissionDate : null,
    ticks: random.int(0, MAX_TICKS),
    reopens: random.chance(0.05),
    redates: random.chance(0.08),
    edits: random.chance(0.1),
    deletes: random.chance(0.02),
    random,
  };
}
