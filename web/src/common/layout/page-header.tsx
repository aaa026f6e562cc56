import { ButtonVariant, Classes, H1 } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useEffect, type ReactNode } from 'react';
import { LinkButton } from '../link-button.tsx';
import { commonMessages } from '../messages.ts';
import { LogoutButton } from './logout-button.tsx';

export interface PageHeaderProps {
  title: string;
  subtitle?: string;
  /** Buttons of the page, shown before the logout button. */
  actions?: ReactNode;
  /** A back link above the title (e.g. '/' on Usuários and Auditoria). */
  backTo?: string;
}

const APP_NAME = 'Bari Care';

/** The header of every signed-in page (§2): title, subtitle, the page's actions and logout. */
export function PageHeader({ title, subtitle, actions, backTo }: PageHeaderProps) {
  // The tab names the screen (a nurse often has several open; screen readers announce it).
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
    return () => {
      document.title = APP_NAME;
    };
  }, [title]);

  return (
    <header className="page-header">
      <div className="page-header__text">
        {backTo ? (
          <LinkButton
            className="page-header__back"
            icon={IconNames.ARROW_LEFT}
            text={commonMessages.back}
            to={backTo}
            variant={ButtonVariant.MINIMAL}
          />
        ) : null}
        <H1 className="page-header__title">{title}</H1>
        {subtitle ? <p className={`page-header__subtitle ${Classes.TEXT_MUTED}`}>{subtitle}</p> : null}
      </div>
      <div className="page-header__actions">
        {actions}
        <LogoutButton />
      </div>
    </header>
  );
}
