import { Classes, H1, Icon } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import type { ReactElement, ReactNode } from 'react';
import './page-state.css';

export interface PageStateProps {
  icon: IconName | ReactElement;
  /** The screen's title: its one h1. */
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}

/**
 * Blueprint's NonIdealState for a screen that is nothing else (404, access denied, account
 * pending): the same look, but its title is the screen's h1, where NonIdealState draws an h4
 * and leaves the screen without a level-one heading (axe, issue 11).
 */
export function PageState({ icon, title, description, action }: PageStateProps) {
  return (
    <div className={`${Classes.NON_IDEAL_STATE} ${Classes.NON_IDEAL_STATE}-vertical`}>
      <div className={`${Classes.NON_IDEAL_STATE_VISUAL} page-state__visual`}>
        {typeof icon === 'string' ? (
          <Icon aria-hidden className={Classes.ICON_MUTED} icon={icon} size={48} />
        ) : (
          icon
        )}
      </div>
      <div className={Classes.NON_IDEAL_STATE_TEXT}>
        <H1 className="page-state__title">{title}</H1>
        {description ? <div>{description}</div> : null}
      </div>
      {action}
    </div>
  );
}
