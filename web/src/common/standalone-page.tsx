import type { ReactNode } from 'react';
import './standalone-page.css';

export interface StandalonePageProps {
  /** The screen's own class, for what sits on the backdrop. */
  className: string;
  /** One card in the middle of the window (login, account); otherwise the screen lays itself out. */
  centered?: boolean;
  children: ReactNode;
}

/** A screen outside the signed-in layout, on the backdrop they share. */
export function StandalonePage({ className, centered = false, children }: StandalonePageProps) {
  const modifier = centered ? ' standalone-page--centered' : '';
  return <main className={`standalone-page${modifier} ${className}`}>{children}</main>;
}
