export { patientsProjection } from './projection.ts';
export { createPatientQueries, type PatientPage, type PatientQueries } from './queries.ts';
export { createStatisticsQueries, type StatisticsQueries } from './statistics-queries.ts';
