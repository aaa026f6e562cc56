import { IconNames, type IconName } from '@blueprintjs/icons';
import { navigationMessages as m } from '../messages.ts';

export interface NavItem {
  to: string;
  text: string;
  icon: IconName;
  /** Shown to administrators only (§2 Shared layout, §6). */
  adminOnly: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', text: m.dashboard, icon: IconNames.DASHBOARD, adminOnly: false },
  { to: '/patients', text: m.patients, icon: IconNames.PEOPLE, adminOnly: false },
  { to: '/reports', text: m.reports, icon: IconNames.DOCUMENT, adminOnly: false },
  { to: '/audit', text: m.audit, icon: IconNames.HISTORY, adminOnly: false },
  { to: '/users', text: m.users, icon: IconNames.USER, adminOnly: true },
  { to: '/access-keys', text: m.accessKeys, icon: IconNames.KEY, adminOnly: true },
];

/** The entries a user sees: everyone the first four, administrators all six. */
export function visibleNavItems(isAdmin: boolean): readonly NavItem[] {
  return NAV_ITEMS.filter((item) => isAdmin || !item.adminOnly);
}

/** §2: active when the path equals the link or, for links other than '/', starts with it. */
export function isNavItemActive(pathname: string, to: string): boolean {
  return pathname === to || (to !== '/' && pathname.startsWith(to));
}
