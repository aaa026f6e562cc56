import { lazy, Suspense, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { PageLoading } from '../common/page-loading.tsx';
import { loadChunk } from '../common/load-chunk.ts';

/**
 * A route element whose page module is fetched when the route is first opened, showing
 * 'Carregando...' meanwhile. Screens outside the daily path (reports, audit, users, access
 * keys, initialization) use it so the dashboard's first load does not carry them:
 *
 *   { path: 'users', element: lazyPage(() => import('../features/users/users-page.tsx').then((m) => m.UsersPage)) }
 *
 * Call it once per route, at module level (it creates the lazy component).
 */
export function lazyPage(
  load: () => Promise<ComponentType>,
  fallback: ReactNode = <PageLoading />,
): ReactElement {
  const Page = lazy(async () => ({ default: await loadChunk(load) }));
  return (
    <Suspense fallback={fallback}>
      <Page />
    </Suspense>
  );
}
