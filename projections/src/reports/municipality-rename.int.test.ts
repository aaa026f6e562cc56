import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PatientRegistered, ProcedureAssigned, type PatientDetails } from '@bari/contracts';
import { startProjectionHarness, type ProjectionHarness } from '../../test/support/projection-harness.ts';
import { patientsProjection } from '../patients/projection.ts';
import { patientDetails } from '../../test/support/patient-fixtures.ts';
import { createReportQueries } from './queries.ts';

// ── Given: Paraty (RJ) registered under the name of an older IBGE list and the current one ──

const TODAY = '2025-06-01';
const OLD = '00000000-0000-4000-8000-000000000011';
const NEW = '00000000-0000-4000-8000-000000000012';
const BETWEEN = '00000000-0000-4000-8000-000000000013';
const GONE = '00000000-0000-4000-8000-000000000014';

/** Same IBGE code: 'Parati' as an older list spelt it, 'Paraty' as the current one does. */
const PARATI = { ibgeCode: '3303807', name: 'Parati', uf: 'RJ' };
const PARATY = { ibgeCode: '3303807', name: 'Paraty', uf: 'RJ' };
/** Sorts between the two spellings ('Parati' < 'Paratinga' < 'Paraty'). */
const PARATINGA = { ibgeCode: '2923704', name: 'Paratinga', uf: 'BA' };
/** A code the current list does not know: named as the patients spell it. */
const UNLISTED = { ibgeCode: '1234567', name: 'Vila Extinta', uf: 'GO' };

let harness: ProjectionHarness;
beforeEach(async () => {
  harness = await startProjectionHarness([patientsProjection]);
});
afterEach(() => harness.close());

const reports = () => createReportQueries(harness.pool);

const patient = (patientId: string, n: number, details: Partial<PatientDetails>) =>
  harness.given(`patient-${patientId}`, [
    PatientRegistered.create({ patientId, ...patientDetails(details) }),
    ProcedureAssigned.create({
      patientId,
      procedureId: `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      procedureType: {
        id: 'post_op_1mes.cirurgiao',
        name: 'Consulta com cirurgião',
        category: 'post_op_1mes',
        phase: 'post_operative',
        isRequired: true,
        scheduledMonth: 1,
      },
      status: 'pending',
      scheduledDate: '2025-02-09',
      reason: 'registration',
    }),
  ]);

async function givenPatients(): Promise<void> {
  await patient(NEW, 1, { name: 'Bruna Nova', cpf: '39053344705', municipality: PARATY });
  await patient(BETWEEN, 2, { name: 'Carla Meio', cpf: '71460285859', municipality: PARATINGA });
  // Registered last: the counters' row for the code holds the old spelling.
  await patient(OLD, 3, { name: 'Alice Antiga', cpf: '28001238938', municipality: PARATI });
  await patient(GONE, 4, { name: 'Davi Distante', cpf: '52998224725', municipality: UNLISTED });
}

/** What every municipality read answers, for comparing before and after a rebuild. */
async function everyRead() {
  const queries = reports();
  return {
    municipalities: await queries.municipalities(TODAY),
    municipal: await queries.municipalReport(undefined, {}, TODAY),
    byCode: await queries.municipalReport(PARATY.ibgeCode, {}, TODAY),
    custom: await queries.custom(['name', 'municipality'], undefined),
    customByCode: await queries.custom(['name', 'municipality'], PARATY.ibgeCode),
  };
}

// ── Then ─────────────────────────────────────────────────────────────────────────

describe('a municipality renamed by a later IBGE list', { timeout: 60_000 }, () => {
  it('is one municipality in every report, named as the current list names it', async () => {
    await givenPatients();
    const reads = await everyRead();

    expect(
      reads.municipalities.map((row) => [
        row.municipality,
        row.ibgeCode,
        row.totalPatients,
        row.overdueProcedures,
      ]),
    ).toEqual([
      ['Paratinga', PARATINGA.ibgeCode, 1, 1],
      ['Paraty', PARATY.ibgeCode, 2, 2],
      ['Vila Extinta', UNLISTED.ibgeCode, 1, 1],
    ]);

    // The municipal report: each municipality's patients together (the PDF groups consecutive
    // rows by code), by the current name, then by patient name.
    expect(reads.municipal.map((row) => [row.municipalityName, row.uf, row.ibgeCode, row.name])).toEqual([
      ['Paratinga', 'BA', PARATINGA.ibgeCode, 'Carla Meio'],
      ['Paraty', 'RJ', PARATY.ibgeCode, 'Alice Antiga'],
      ['Paraty', 'RJ', PARATY.ibgeCode, 'Bruna Nova'],
      ['Vila Extinta', 'GO', UNLISTED.ibgeCode, 'Davi Distante'],
    ]);
    expect(reads.byCode.map((row) => [row.municipalityName, row.name])).toEqual([
      ['Paraty', 'Alice Antiga'],
      ['Paraty', 'Bruna Nova'],
    ]);

    expect(reads.custom).toEqual([
      { name: 'Alice Antiga', municipality: 'Paraty' },
      { name: 'Bruna Nova', municipality: 'Paraty' },
      { name: 'Carla Meio', municipality: 'Paratinga' },
      { name: 'Davi Distante', municipality: 'Vila Extinta' },
    ]);
    expect(reads.customByCode).toEqual([
      { name: 'Alice Antiga', municipality: 'Paraty' },
      { name: 'Bruna Nova', municipality: 'Paraty' },
    ]);

    // A rebuild answers the same.
    await harness.rebuild(patientsProjection);
    expect(await everyRead()).toEqual(reads);
  });
});
