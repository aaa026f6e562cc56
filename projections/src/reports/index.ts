export { createReportQueries, type ReportQueries, type MunicipalReportPatient } from './queries.ts';
