import { describe, expect, it } from 'vitest';
import { PatientFormSchema, municipalityByCode } from '@bari/contracts';
import { MUNICIPALITY_COUNT, createDataset, patientPlan } from './dataset.ts';
import { ESTABLISHMENTS } from './names.ts';

const today = '2026-11-24';

describe('the benchmark data set', () => {
  it('draws 200 distinct real IBGE municipalities from the seed', () => {
    const dataset = createDataset(3, today);
    const codes = dataset.municipalities.map((municipality) => municipality.ibgeCode);
    expect(new Set(codes).size).toBe(MUNICIPALITY_COUNT);
    expect(dataset.municipalities.every((m) => municipalityByCode(m.ibgeCode)?.name === m.name)).toBe(true);
    expect(createDataset(3, today).municipalities).toEqual(dataset.municipalities);
  });

  it('gives every patient a form the API accepts, the same for the same seed and index', () => {
    const dataset = createDataset(5, today);
    for (let index = 0; index < 500; index += 1) {
      const { form } = patientPlan(dataset, index);
      const parsed = PatientFormSchema.safeParse(form);
      expect(parsed.error?.issues ?? []).toEqual([]);
      expect(form.admissionDate <= today).toBe(true);
      expect(ESTABLISHMENTS).toContain(form.surgeryLocation);
    }
    const { random: _first, ...first } = patientPlan(dataset, 17);
    const { random: _again, ...again } = patientPlan(createDataset(5, today), 17);
    expect(again).toEqual(first);
  });

  it('spreads a realistic history: most lab exams done, some corrections, edits and deletions', () => {
    const dataset = createDataset(1, today);
    const plans = Array.from({ length: 5_000 }, (_, index) => patientPlan(dataset, index));
    const share = (test: (plan: (typeof plans)[number]) => boolean) =>
      plans.filter(test).length / plans.length;
    expect(share((plan) => plan.labsCompletedOn !== null)).toBeGreaterThan(0.6);
    expect(share((plan) => plan.ticks > 0)).toBeGreaterThan(0.6);
    expect(share((plan) => plan.reopens)).toBeGreaterThan(0.02);
    expect(share((plan) => plan.redates)).toBeGreaterThan(0.04);
    expect(share((plan) => plan.edits)).toBeGreaterThan(0.05);
    expect(share((plan) => plan.deletes)).toBeGreaterThan(0.005);
    expect(share((plan) => plan.deletes)).toBeLessThan(0.05);
    expect(new Set(plans.map((plan) => plan.form.municipality.ibgeCode)).size).toBe(MUNICIPALITY_COUNT);
  });
});
