import { createBrowserRouter } from 'react-router-dom';
import { NotFoundPage } from '../common/not-found-page.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';

/** Routes of spec §2. The route guard and the signed-in screens come with the identity feature. */
export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '*', element: <NotFoundPage /> },
]);
