import { Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { PageHeader } from '../../common/layout/index.ts';
import { useGetStatisticsQuery } from './dashboard-api.ts';
import { dashboardMessages as m } from './messages.ts';
import { QuickActionsCard } from './quick-actions-card.tsx';
import { RecentPatientsCard } from './recent-patients-card.tsx';
import { StatCard } from './stat-card.tsx';
import './dashboard-page.css';

/** / (§2): the four counters, the newest patients and the quick actions. */
export function DashboardPage() {
  const { data, isLoading } = useGetStatisticsQuery();
  const stats = [
    { label: m.totalPatients, value: data?.totalPatients, icon: IconNames.PEOPLE, intent: Intent.PRIMARY },
    {
      label: m.completedProcedures,
      value: data?.completedProcedures,
      icon: IconNames.TICK_CIRCLE,
      intent: Intent.SUCCESS,
    },
    {
      label: m.pendingProcedures,
      value: data?.pendingProcedures,
      icon: IconNames.TIME,
      intent: Intent.WARNING,
      hint: m.pendingIncludesOverdue,
    },
    {
      label: m.overdueProcedures,
      value: data?.overdueProcedures,
      icon: IconNames.WARNING_SIGN,
      intent: Intent.DANGER,
    },
  ];

  return (
    <div className="dashboard-page">
      <PageHeader subtitle={m.subtitle} title={m.title} />
      <div className="dashboard-page__stats">
        {stats.map((stat) => (
          <StatCard key={stat.label} loading={isLoading} {...stat} />
        ))}
      </div>
      <div className="dashboard-page__cards">
        <RecentPatientsCard />
        <QuickActionsCard />
      </div>
    </div>
  );
}
