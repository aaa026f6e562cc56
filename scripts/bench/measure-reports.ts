import { jsonHeaders, type ApiClient } from './http-client.ts';

export interface PdfFigures {
  /** Median of the individual report of single patients (a full protocol each). */
  readonly individualMs: number;
  /** Median of the municipal report of the municipality with the most patients. */
  readonly municipalMs: number;
  /** How many patients that municipality has. */
  readonly municipalPatients: number;
}

const RUNS = 5;

async function timed(api: ApiClient, path: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${api.baseUrl}${path}`, { headers: jsonHeaders(api.baseUrl, api.cookie) });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200 || bytes.subarray(0, 5).toString() !== '%PDF-') {
    throw new Error(`${path} answered ${response.status} without a PDF`);
  }
  return performance.now() - started;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]!);
};

/**
 * The PDF reports as a user waits for them, one at a time after a warm-up: individual
 * reports of several patients, and the municipal report of the largest municipality.
 */
export async function measurePdfs(api: ApiClient, patientIds: readonly string[]): Promise<PdfFigures> {
  const response = await fetch(`${api.baseUrl}/api/reports/municipality`, {
    headers: jsonHeaders(api.baseUrl, api.cookie),
  });
  const municipalities = (await response.json()) as { ibgeCode: string; totalPatients: number }[];
  const largest = municipalities.reduce((best, item) =>
    item.totalPatients > best.totalPatients ? item : best,
  );
  await timed(api, `/api/reports/individual?patient=${patientIds[0]}`);
  const individual: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    individual.push(
      await timed(api, `/api/reports/individual?patient=${patientIds[(run * 37) % patientIds.length]}`),
    );
  }
  const municipal: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    municipal.push(await timed(api, `/api/reports/municipal?municipality=${largest.ibgeCode}`));
  }
  return {
    individualMs: median(individual),
    municipalMs: median(municipal),
    municipalPatients: largest.totalPatients,
  };
}
