import { Card, Elevation, NonIdealState, type NonIdealStateProps } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { StandalonePage } from '../../common/standalone-page.tsx';
import './account.css';

export interface AccountCardProps extends Pick<NonIdealStateProps, 'description' | 'icon' | 'title'> {
  /** The buttons under the text, side by side. */
  actions: ReactNode;
}

/** The screens of someone who may not go further (§2): why, in one card, and what they can do. */
export function AccountCard({ actions, ...state }: AccountCardProps) {
  return (
    <StandalonePage centered className="account-page">
      <Card className="account-page__card" elevation={Elevation.THREE}>
        <NonIdealState {...state} action={<div className="account-page__actions">{actions}</div>} />
      </Card>
    </StandalonePage>
  );
}
