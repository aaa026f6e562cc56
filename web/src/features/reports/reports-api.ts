import type {
  CustomReportField,
  CustomReportFormat,
  CustomReportRow,
  EstablishmentStatistic,
  MunicipalityStatistic,
} from '@bari/contracts';
import { api } from '../../app/api.ts';
// The cards are statistics too: every patient or procedure change invalidates this tag.
import { STATISTICS_TAG } from '../patients/patient-tags.ts';
import { reportUrl } from './report-dates.ts';

export interface CustomReportArgs {
  fields: readonly CustomReportField[];
  /** IBGE code; absent = every municipality. */
  municipality?: string;
  /** Recorded in the audit trail: printed or downloaded as a spreadsheet. */
  format: CustomReportFormat;
}

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The municipality cards, the chart and the municipal card's choices; patient changes invalidate it. */
    getMunicipalityStatistics: build.query<MunicipalityStatistic[], void>({
      query: () => '/api/reports/municipality',
      providesTags: [STATISTICS_TAG],
    }),
    getEstablishmentStatistics: build.query<EstablishmentStatistic[], void>({
      query: () => '/api/reports/establishment',
      providesTags: [STATISTICS_TAG],
    }),
    /** The custom report's rows: fetched on each 'Gerar PDF' / 'Exportar Planilha' (each is an audited export). */
    getCustomReport: build.query<CustomReportRow[], CustomReportArgs>({
      query: ({ fields, municipality, format }) =>
        reportUrl('/api/reports/custom', { fields: fields.join(','), municipality, format }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGetMunicipalityStatisticsQuery,
  useGetEstablishmentStatisticsQuery,
  useLazyGetCustomReportQuery,
} = reportsApi;
