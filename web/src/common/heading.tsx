import { Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import './heading.css';

export interface HeadingProps {
  /** Its place in the screen's outline: h1 is the page title, cards and sections h2, inside them h3. */
  level: 1 | 2 | 3 | 4 | 5 | 6;
  /** How big it is drawn, as Blueprint's heading of that number; its level when absent. */
  look?: 1 | 2 | 3 | 4 | 5 | 6;
  className?: string;
  id?: string;
  children: ReactNode;
}

/**
 * A heading whose level follows the screen's outline (one h1, no level skipped: axe's
 * heading-order, issue 11) while it keeps the size the design gives it, e.g. a card's title is
 * an h2 drawn as Blueprint's H5.
 */
export function Heading({ level, look = level, className, id, children }: HeadingProps) {
  const Tag = `h${level}` as const;
  const classes = [Classes.HEADING, look === level ? '' : `app-heading--look-${look}`, className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <Tag className={classes} id={id}>
      {children}
    </Tag>
  );
}
