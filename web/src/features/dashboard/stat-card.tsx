import { Card, Elevation, Icon, type Intent } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { Link } from 'react-router-dom';
import { dashboardMessages as m } from './messages.ts';
import { formatCount } from '../../common/number-format.ts';

export interface StatCardProps {
  label: string;
  /** Undefined while loading ('...'); 0 when the statistics did not come. */
  value: number | undefined;
  loading: boolean;
  icon: IconName;
  intent: Intent;
  /** What the number counts, when the label alone could mislead. */
  hint?: string;
}

/** The patients behind every counter. */
const PATIENT_LIST_PATH = '/patients';

/** One of the four counters of the dashboard (§2); the whole card leads to the patient list. */
export function StatCard({ label, value, loading, icon, intent, hint }: StatCardProps) {
  const labelId = `stat-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card
      aria-labelledby={labelId}
      className={`stat-card stat-card--${intent}`}
      elevation={Elevation.ONE}
      role="group"
    >
      <div className="stat-card__text">
        <span className="stat-card__label" id={labelId}>
          <Link className="stat-card__link" to={PATIENT_LIST_PATH}>
            {label}
          </Link>
        </span>
        <span aria-live="polite" className="stat-card__value">
          {loading ? m.loadingValue : formatCount(value ?? 0)}
        </span>
        {hint ? <span className="stat-card__hint">{hint}</span> : null}
      </div>
      <span className="stat-card__icon">
        <Icon icon={icon} intent={intent} size={22} />
      </span>
    </Card>
  );
}
