import { AnchorButton, ButtonVariant, Classes, H1 } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
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

/** The header of every signed-in page (§2): title, subtitle, the page's actions and logout. */
export function PageHeader({ title, subtitle, actions, backTo }: PageHeaderProps) {
  const navigate = useNavigate();
  return (
    <header className="page-header">
      <div className="page-header__text">
        {backTo ? (
          <AnchorButton
            className="page-header__back"
            href={backTo}
            icon={IconNames.ARROW_LEFT}
            onClick={(event) => {
              event.preventDefault();
              void navigate(backTo);
            }}
            text={commonMessages.back}
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
