export { procedureTypesProjection } from './projection.ts';
export { createProcedureTypeQueries, type ProcedureTypeQueries } from './queries.ts';
