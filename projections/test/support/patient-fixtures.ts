import type { PatientDetails } from '@bari/contracts';

/** A valid patient's details for the projections' tests (a real CPF check digit), with `overrides`. */
export function patientDetails(overrides: Partial<PatientDetails> = {}): PatientDetails {
  return {
    name: 'Maria da Conceição',
    cpf: '39053344705',
    cns: null,
    municipality: { ibgeCode: '2927408', name: 'Salvador', uf: 'BA' },
    admissionDate: '2025-01-08',
    dischargeDate: null,
    surgeryDate: '2025-01-10',
    surgeryLocation: 'Hospital Geral',
    surgeonName: 'Dr. João Souza',
    aihNumber: null,
    sisregCode: null,
    notes: null,
    ...overrides,
  };
}
