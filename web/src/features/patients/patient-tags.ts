import { hasStatus } from '../../app/http-client.ts';

/*
 * Cache tags of the patient data (style.md: list tag plus per-item tags). Every mutation that
 * changes a patient or its procedures invalidates what shows it: the patient's detail, every
 * page of the list (progress and status live there) and the statistics.
 */

export const PATIENT_LIST_TAG = { type: 'Patient', id: 'LIST' } as const;
export const STATISTICS_TAG = { type: 'Statistics', id: 'ALL' } as const;

export function patientTag(id: string) {
  return { type: 'Patient', id } as const;
}

/** What changes when one patient or any of its procedures changes. */
export function patientChangedTags(patientId: string) {
  return [patientTag(patientId), PATIENT_LIST_TAG, STATISTICS_TAG];
}

/**
 * A write refused because the patient is no longer as the page shows it — changed meanwhile
 * (409: a procedure already recorded, already assigned, changed by someone else) or gone (404:
 * the patient deleted, and its procedures with it) — reads it again, so that the page shows
 * what is now recorded (a deleted patient's page then says who deleted it and why).
 */
export function tagsAfterPatientWrite(error: unknown, patientId: string) {
  const outOfDate = hasStatus(error, 409) || hasStatus(error, 404);
  return error && !outOfDate ? [] : patientChangedTags(patientId);
}
