import type { CreateUserRequest, UpdateUserStatusRequest, UserListItem } from '@bari/contracts';
import { api } from '../../app/api.ts';

const USER_LIST = { type: 'User', id: 'LIST' } as const;
/** A user's deletion ends their keys too; rejection or approval changes what the cards say. */
const ACCESS_KEY_LIST = { type: 'AccessKey', id: 'LIST' } as const;

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    users: build.query<UserListItem[], void>({
      query: () => '/api/users',
      providesTags: (result) => [
        USER_LIST,
        ...(result ?? []).map(({ id }) => ({ type: 'User' as const, id })),
      ],
    }),
    createUser: build.mutation<UserListItem, CreateUserRequest>({
      query: (body) => ({ url: '/api/users', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [USER_LIST]),
    }),
    updateUserStatus: build.mutation<unknown, UpdateUserStatusRequest & { id: string }>({
      query: ({ id, status }) => ({
        url: `/api/users/${encodeURIComponent(id)}/status`,
        method: 'PATCH',
        body: { status },
      }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'User', id }, ACCESS_KEY_LIST]),
    }),
    deleteUser: build.mutation<null, string>({
      query: (id) => ({
        url: `/api/users/${encodeURIComponent(id)}`,
        method: 'DELETE',
        responseType: 'none',
      }),
      invalidatesTags: (_result, error) => (error ? [] : [USER_LIST, ACCESS_KEY_LIST]),
    }),
  }),
});

export const { useUsersQuery, useCreateUserMutation, useUpdateUserStatusMutation, useDeleteUserMutation } =
  usersApi;
