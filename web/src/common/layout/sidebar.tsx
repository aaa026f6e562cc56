import { Classes, Icon, Intent, Menu, MenuItem, Size } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCurrentUserQuery } from '../../features/auth/auth-api.ts';
import { commonMessages } from '../messages.ts';
import { isNavItemActive, visibleNavItems } from './nav-items.ts';

/** The left navigation of every signed-in screen (§2 Shared layout). */
export function Sidebar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { data: user } = useCurrentUserQuery();
  const items = visibleNavItems(user?.isAdmin ?? false);

  return (
    <aside aria-label={commonMessages.sidebarLabel} className="app-sidebar">
      <div className="app-sidebar__brand">
        <Icon icon={IconNames.PULSE} intent={Intent.PRIMARY} size={22} />
        <span className="app-sidebar__brand-name">{commonMessages.appName}</span>
      </div>

      <nav aria-label={commonMessages.navigationLabel} className="app-sidebar__nav">
        <Menu className="app-sidebar__menu" role="list" size={Size.LARGE}>
          {items.map((item) => {
            const active = isNavItemActive(pathname, item.to);
            return (
              <MenuItem
                active={active}
                aria-current={active ? 'page' : undefined}
                href={item.to}
                icon={item.icon}
                intent={active ? Intent.PRIMARY : Intent.NONE}
                key={item.to}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  void navigate(item.to);
                }}
                roleStructure="listitem"
                text={item.text}
              />
            );
          })}
        </Menu>
      </nav>

      <footer className="app-sidebar__footer">
        <div className="app-sidebar__footer-label">{commonMessages.sidebarFooter}</div>
        {user ? <div className={`app-sidebar__email ${Classes.TEXT_MUTED}`}>{user.email}</div> : null}
      </footer>
    </aside>
  );
}
