import type { CurrentUser, LoginRequest } from '@bari/contracts';
import { api } from '../../app/api.ts';
import { tabUser } from '../../app/tab-user.ts';

/** The signed-in user's cache entry: the current-user query provides it, login invalidates it. */
export const CURRENT_USER_TAG = { type: 'User', id: 'CURRENT' } as const;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** §7: present means authenticated; a 401 is the answer "nobody", not an error. */
    currentUser: build.query<CurrentUser | null, void>({
      query: () => ({ url: '/api/auth/user', on401: 'returnNull' }),
      providesTags: [CURRENT_USER_TAG],
      // Who this tab acts as, sent with its calls from now on (`tab-user.ts`): set as the
      // answer is taken, before any query it lets start.
      transformResponse: (user: CurrentUser | null) => {
        tabUser.set(user?.id ?? null);
        return user;
      },
    }),
    /** Answers who signed in (the sign-in dialog compares it with who lost the session). */
    login: build.mutation<CurrentUser, LoginRequest>({
      // A 401 here is a refused key, not a lost session.
      query: (body) => ({ url: '/api/auth/login', method: 'POST', body, on401: 'refusal' }),
      // Only a successful login changes who is signed in.
      invalidatesTags: (_result, error) => (error ? [] : [CURRENT_USER_TAG]),
      transformResponse: (user: CurrentUser) => {
        tabUser.set(user.id);
        return user;
      },
    }),
    logout: build.mutation<null, void>({
      query: () => ({ url: '/api/auth/logout', method: 'POST', responseType: 'none' }),
    }),
  }),
});

export const { useCurrentUserQuery, useLoginMutation, useLogoutMutation } = authApi;
