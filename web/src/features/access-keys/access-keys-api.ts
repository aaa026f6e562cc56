import type { AccessKeyListItem, CreateAccessKeyRequest, CreatedAccessKey } from '@bari/contracts';
import { api } from '../../app/api.ts';

const ACCESS_KEY_LIST = { type: 'AccessKey', id: 'LIST' } as const;

export const accessKeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    accessKeys: build.query<AccessKeyListItem[], void>({
      query: () => '/api/access-keys',
      providesTags: (result) => [
        ACCESS_KEY_LIST,
        ...(result ?? []).map(({ id }) => ({ type: 'AccessKey' as const, id })),
      ],
    }),
    /** The answer holds the full key: the only time it is ever seen. */
    createAccessKey: build.mutation<CreatedAccessKey, CreateAccessKeyRequest>({
      query: (body) => ({ url: '/api/access-keys', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [ACCESS_KEY_LIST]),
    }),
    deactivateAccessKey: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/access-keys/${encodeURIComponent(id)}/deactivate`, method: 'PATCH' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'AccessKey', id }]),
    }),
  }),
});

export const { useAccessKeysQuery, useCreateAccessKeyMutation, useDeactivateAccessKeyMutation } =
  accessKeysApi;
