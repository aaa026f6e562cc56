import { createBrowserRouter } from 'react-router-dom';
import { AppLayout } from '../common/layout/app-layout.tsx';
import { LoadingScreen } from '../common/loading-screen.tsx';
import { NotFoundPage } from '../common/not-found-page.tsx';
import { AccessDeniedPage } from '../features/account/access-denied-page.tsx';
import { AccountPendingPage } from '../features/account/account-pending-page.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { lazyPage } from './lazy-page.tsx';
import { RouteGuard } from './route-guard.tsx';
import { approvedRoutes } from './routes.tsx';

/**
 * Routes of spec §2. The guard sits above all of them and lets through only what the
 * current session may see; the approved screens share the layout (see `routes.tsx`).
 */
export const router = createBrowserRouter([
  {
    element: <RouteGuard />,
    children: [
      { path: '/login', element: <LoginPage /> },
      {
        path: '/initialize',
        // Used once per installation: fetched only when opened.
        element: lazyPage(
          () => import('../features/initialization/initialize-page.tsx').then((m) => m.InitializePage),
          <LoadingScreen />,
        ),
      },
      { path: '/access-denied', element: <AccessDeniedPage /> },
      { path: '/account-pending', element: <AccountPendingPage /> },
      { path: '/', element: <AppLayout />, children: approvedRoutes },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
