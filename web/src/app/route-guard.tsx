import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../common/loading-screen.tsx';
import { NotFoundPage } from '../common/not-found-page.tsx';
import { useCurrentUserQuery } from '../features/auth/auth-api.ts';
import { routeAccess, sessionOf } from './route-access.ts';

/** Decides, for every path, between the page, a redirect, 'Carregando...' and 404 (§2, §6). */
export function RouteGuard() {
  const { pathname } = useLocation();
  const { data: user, isLoading, isFetching } = useCurrentUserQuery();
  // Right after a login the cached "nobody" is being refetched: wait for the answer rather
  // than send the user back to /login for a moment.
  const session = sessionOf(user, isLoading || (isFetching && !user));
  const access = routeAccess(pathname, session);

  switch (access.kind) {
    case 'loading':
      return <LoadingScreen />;
    case 'redirect':
      return <Navigate replace to={access.to} />;
    case 'not-found':
      return <NotFoundPage />;
    case 'render':
      return <Outlet />;
  }
}
