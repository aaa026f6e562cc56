import type {
  ForceInitializationResult,
  InitializationCredential,
  InitializationResult,
  InitializationStatus,
} from '@bari/contracts';
import { api } from '../../app/api.ts';

/** An account initialization will create, as the server says (emails only, no keys). */
export type PlannedAccount = Pick<InitializationCredential, 'description' | 'email'>;

export const initializationApi = api.injectEndpoints({
  endpoints: (build) => ({
    initializationStatus: build.query<InitializationStatus, void>({
      query: () => '/api/initialization-status',
      providesTags: ['InitializationStatus'],
    }),
    /** From another computer than the server's, with the setup token from the server log. */
    initialize: build.mutation<InitializationResult, { setupToken?: string }>({
      query: ({ setupToken }) => ({
        url: '/api/initialize',
        method: 'POST',
        forceJsonContentType: true,
        body: setupToken ? { setupToken } : undefined,
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['InitializationStatus']),
    }),
    /** Needs an administrator's session or the one-time setup token the server logs at start-up. */
    forceInitialize: build.mutation<ForceInitializationResult, { setupToken?: string }>({
      query: ({ setupToken }) => ({
        url: '/api/force-initialize',
        method: 'POST',
        forceJsonContentType: true,
        body: setupToken ? { setupToken } : undefined,
      }),
      invalidatesTags: (_result, error) =>
        error
          ? []
          : ['InitializationStatus', { type: 'User', id: 'LIST' }, { type: 'AccessKey', id: 'LIST' }],
    }),
  }),
});

export const { useInitializationStatusQuery, useInitializeMutation, useForceInitializeMutation } =
  initializationApi;
