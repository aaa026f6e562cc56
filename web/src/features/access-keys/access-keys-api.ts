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
    /**
     * The answer holds the full key: the only time it is ever seen. Sent again after a lost
     * answer (the same `idempotencyKey`), it issues no second key: 409 names the first one.
     */
    createAccessKey: build.mutation<
      CreatedAccessKey,
      { request: CreateAccessKeyRequest; idempotencyKey: string }
    >({
      query: ({ request, idempotencyKey }) => ({
        url: '/api/access-keys',
        method: 'POST',
        body: request,
        idempotencyKey,
      }),
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
