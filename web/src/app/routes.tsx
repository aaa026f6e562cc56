import type { RouteObject } from 'react-router-dom';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { PatientDetailPage } from '../features/patients/detail/patient-detail-page.tsx';
import { PatientsPage } from '../features/patients/list/patients-page.tsx';
import { lazyPage } from './lazy-page.tsx';

/**
 * The approved routes of §2, rendered inside the shared layout (sidebar + page). Each page
 * draws its own `PageHeader` (from `common/layout`). The daily screens (dashboard, patients)
 * come with the first load; the others are fetched when opened (`lazyPage`), which keeps the
 * dashboard within its size budget (scripts/web-weight.ts).
 */
export const approvedRoutes: RouteObject[] = [
  { index: true, element: <DashboardPage /> },
  { path: 'patients', element: <PatientsPage /> },
  // §2: /patients/new is the list screen (which opens its form dialog there).
  { path: 'patients/new', element: <PatientsPage /> },
  { path: 'patients/:id', element: <PatientDetailPage /> },
  {
    path: 'reports',
    element: lazyPage(() => import('../features/reports/reports-page.tsx').then((m) => m.ReportsPage)),
  },
  {
    path: 'audit',
    element: lazyPage(() => import('../features/audit/audit-page.tsx').then((m) => m.AuditPage)),
  },
  {
    path: 'users',
    element: lazyPage(() => import('../features/users/users-page.tsx').then((m) => m.UsersPage)),
  },
  {
    path: 'access-keys',
    element: lazyPage(() =>
      import('../features/access-keys/access-keys-page.tsx').then((m) => m.AccessKeysPage),
    ),
  },
];
