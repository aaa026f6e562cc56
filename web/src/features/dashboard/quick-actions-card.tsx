import { Card, Elevation, Intent, Size } from '@blueprintjs/core';
import { IconNames, type IconName } from '@blueprintjs/icons';
import { LinkButton } from '../../common/link-button.tsx';
import { dashboardMessages as m } from './messages.ts';
import { Heading } from '../../common/heading.tsx';

const actions: { text: string; to: string; icon: IconName; intent: Intent }[] = [
  { text: m.newPatient, to: '/patients/new', icon: IconNames.NEW_PERSON, intent: Intent.PRIMARY },
  { text: m.reports, to: '/reports', icon: IconNames.DOCUMENT, intent: Intent.NONE },
  { text: m.managePatients, to: '/patients', icon: IconNames.PEOPLE, intent: Intent.NONE },
];

/** 'Ações Rápidas' (§2): links to the three most common tasks. */
export function QuickActionsCard() {
  return (
    <Card className="dashboard-card" elevation={Elevation.ONE}>
      <div className="dashboard-card__header">
        <Heading level={2} look={5}>
          {m.quickActions}
        </Heading>
      </div>
      <div className="quick-actions">
        {actions.map(({ text, to, icon, intent }) => (
          <LinkButton
            alignText="start"
            fill
            icon={icon}
            intent={intent}
            key={to}
            size={Size.LARGE}
            text={text}
            to={to}
          />
        ))}
      </div>
    </Card>
  );
}
