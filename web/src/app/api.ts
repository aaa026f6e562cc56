import { Intent } from '@blueprintjs/core';
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { sendRequest, type ApiError, type ApiRequest, type ApiResponseMeta } from './http-client.ts';
import { appMessages } from './messages.ts';
import { sendRecoveringSession, sessionRecovery } from './session-recovery.ts';
import { showToast } from './toaster.tsx';
import { createUnauthorizedHandler } from './unauthorized.ts';
import { tabUserHeader } from './tab-user.ts';
import { unsavedWork } from './unsaved-work.ts';

/**
 * Every cache tag of the app; features provide and invalidate these through `injectEndpoints`.
 * Only tags some query provides: a feature that adds a cached read (reports, the audit log)
 * adds its tag here with it. Procedures are part of their patient (`Patient` tags).
 */
export const tagTypes = [
  'User',
  'AccessKey',
  'Patient',
  'ProcedureType',
  'Statistics',
  'InitializationStatus',
] as const;

const handleUnauthorized = createUnauthorizedHandler({
  notify: () =>
    showToast({
      title: appMessages.unauthorizedTitle,
      description: appMessages.unauthorizedDescription,
      intent: Intent.DANGER,
    }),
  redirect: (url) => window.location.assign(url),
});

/**
 * Endpoints pass a path (GET) or an `ApiRequest`; errors are `ApiError`s. Headers an endpoint
 * asks for (`responseHeaders`) reach its `transformResponse` as `meta`.
 */
export const baseQuery: BaseQueryFn<string | ApiRequest, unknown, ApiError, object, ApiResponseMeta> = (
  args,
  { signal },
) => {
  const request = typeof args === 'string' ? { url: args } : args;
  // A lost session with typed work at stake asks to sign in again over the page, then sends
  // the call again; otherwise today's toast and login screen.
  // The tab's user is read at each sending: a call sent again after signing in carries the new one.
  const send = () => sendRequest(request, { signal, headers: tabUserHeader(request.url) });
  return sendRecoveringSession(request, send, {
    recovery: sessionRecovery,
    unsavedWork: unsavedWork.isHeld,
    redirect: handleUnauthorized,
  });
};

/**
 * The one RTK Query API of the app. Data never goes stale on its own (§9): no refetch on
 * focus, reconnect or remount, no polling, no retries; only tag invalidation refreshes it.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  // The spec says nothing of eviction: data no screen uses any more is dropped after 5 minutes.
  keepUnusedDataFor: 300,
  endpoints: () => ({}),
});
