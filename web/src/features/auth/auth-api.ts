import type { LoginRequest } from '@bari/contracts';
import { api } from '../../app/api.ts';

/** The signed-in user's cache entry: the current-user query provides it, login invalidates it. */
export const CURRENT_USER_TAG = { type: 'User', id: 'CURRENT' } as const;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<unknown, LoginRequest>({
      query: (body) => ({ url: '/api/auth/login', method: 'POST', body }),
      // Only a successful login changes who is signed in.
      invalidatesTags: (_result, error) => (error ? [] : [CURRENT_USER_TAG]),
    }),
  }),
});

export const { useLoginMutation } = authApi;
