import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { navigationMessages as nav } from '../common/messages.ts';
import { UnderConstructionPage } from '../common/under-construction-page.tsx';
import { AccessKeysPage } from '../features/access-keys/access-keys-page.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { PatientDetailPage } from '../features/patients/detail/patient-detail-page.tsx';
import { PatientsPage } from '../features/patients/list/patients-page.tsx';
import { UsersPage } from '../features/users/users-page.tsx';

// Fetched when /audit is first opened.
const AuditPage = lazy(() =>
  import('../features/audit/audit-page.tsx').then((m) => ({ default: m.AuditPage })),
);

/**
 * The approved routes of §2, rendered inside the shared layout (sidebar + page). Each page
 * draws its own `PageHeader` (from `common/layout`). A feature plugs its page in by
 * replacing its placeholder line here with its page element.
 */
export const approvedRoutes: RouteObject[] = [
  { index: true, element: <DashboardPage /> },
  { path: 'patients', element: <PatientsPage /> },
  // §2: /patients/new is the list screen (which opens its form dialog there).
  { path: 'patients/new', element: <PatientsPage /> },
  { path: 'patients/:id', element: <PatientDetailPage /> },
  { path: 'reports', element: <UnderConstructionPage title={nav.reports} /> },
  {
    path: 'audit',
    element: (
      <Suspense fallback={null}>
        <AuditPage />
      </Suspense>
    ),
  },
  { path: 'users', element: <UsersPage /> },
  { path: 'access-keys', element: <AccessKeysPage /> },
];
