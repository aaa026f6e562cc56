import { configureStore } from '@reduxjs/toolkit';
import type { TagDescription } from '@reduxjs/toolkit/query';
import { api, tagTypes } from './api.ts';
import { readModelFreshness } from './read-model-freshness.ts';

export const store = configureStore({
  reducer: { [api.reducerPath]: api.reducer },
  middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
});

// While a write's read models lag behind it, what the screens show is read again (only the
// queries some screen shows are fetched; the others are marked out of date). Not the current
// user: no read model, and a lost session read again as "nobody" would send the route guard to
// /login under a form being filled (the 'Sessão encerrada' dialog keeps that work instead).
const READ_MODEL_TAGS: TagDescription<(typeof tagTypes)[number]>[] = [
  ...tagTypes.filter((tag) => tag !== 'InitializationStatus' && tag !== 'User'),
  { type: 'User', id: 'LIST' },
];
readModelFreshness.onRefresh(() => store.dispatch(api.util.invalidateTags(READ_MODEL_TAGS)));

export type AppStore = typeof store;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
