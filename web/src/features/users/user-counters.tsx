import { Card, Elevation, Icon, Intent } from '@blueprintjs/core';
import { IconNames, type IconName } from '@blueprintjs/icons';
import { usersMessages as m } from './messages.ts';
import type { UserCounts } from './user-format.ts';
import { formatCount } from '../../common/number-format.ts';

const COUNTERS: { key: keyof UserCounts; label: string; icon: IconName; intent: Intent }[] = [
  { key: 'total', label: m.total, icon: IconNames.PEOPLE, intent: Intent.PRIMARY },
  { key: 'approved', label: m.approvedCount, icon: IconNames.TICK_CIRCLE, intent: Intent.SUCCESS },
  { key: 'rejected', label: m.rejectedCount, icon: IconNames.BAN_CIRCLE, intent: Intent.DANGER },
  { key: 'pending', label: m.pendingCount, icon: IconNames.TIME, intent: Intent.WARNING },
];

/** Total, Aprovados, Rejeitados, Pendentes (§2 Users). */
export function UserCounters({ counts }: { counts: UserCounts }) {
  return (
    <div className="user-counters">
      {COUNTERS.map(({ key, label, icon, intent }) => (
        <Card className="user-counters__card" elevation={Elevation.ONE} key={key}>
          <div>
            <div className="user-counters__label">{label}</div>
            <div aria-label={`${label}: ${formatCount(counts[key])}`} className="user-counters__value">
              {formatCount(counts[key])}
            </div>
          </div>
          <Icon icon={icon} intent={intent} size={24} />
        </Card>
      ))}
    </div>
  );
}
