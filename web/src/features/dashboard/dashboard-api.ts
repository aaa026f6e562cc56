import type { StatisticsDto } from '@bari/contracts';
import { api } from '../../app/api.ts';
import { STATISTICS_TAG } from '../patients/patient-tags.ts';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The four counters of the dashboard (§2); every patient and procedure change invalidates them. */
    getStatistics: build.query<StatisticsDto, void>({
      query: () => '/api/statistics',
      providesTags: [STATISTICS_TAG],
    }),
  }),
});

export const { useGetStatisticsQuery } = dashboardApi;
