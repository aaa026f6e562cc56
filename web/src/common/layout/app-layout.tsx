import { Outlet } from 'react-router-dom';
import { SessionExpiredHost } from '../../features/auth/session-expired-host.tsx';
import { Sidebar } from './sidebar.tsx';
import { StaleDataNotice } from './stale-data-notice.tsx';
import './layout.css';

/**
 * The frame of every approved screen: sidebar on the left, the page on the right, and the
 * 'Sessão encerrada' dialog over them when a lost session would cost typed work.
 */
export function AppLayout() {
  return (
    <div className="app-layout">
      <Sidebar />
      <main className="app-layout__main">
        <StaleDataNotice />
        <Outlet />
      </main>
      <SessionExpiredHost />
    </div>
  );
}
