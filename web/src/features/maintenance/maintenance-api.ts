import type { DebugInfo, FixProductionDataResponse, RunMigrationResponse } from '@bari/contracts';
import { api } from '../../app/api.ts';

/** The administrators' maintenance endpoints (`/api/admin/*`), used from the users and access-keys pages. */
export const maintenanceApi = api.injectEndpoints({
  endpoints: (build) => ({
    debugUser: build.query<DebugInfo, void>({
      query: () => '/api/admin/debug-user',
    }),
    /** 'Atualizar Procedimentos': the server brings every patient's procedures up to the protocol. */
    runMigration: build.mutation<RunMigrationResponse, void>({
      query: () => ({ url: '/api/admin/run-migration', method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Patient', 'Statistics']),
    }),
    fixProductionData: build.mutation<FixProductionDataResponse, void>({
      query: () => ({ url: '/api/admin/fix-production-data', method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Patient', 'Statistics']),
    }),
  }),
});

export const { useLazyDebugUserQuery, useRunMigrationMutation, useFixProductionDataMutation } =
  maintenanceApi;
