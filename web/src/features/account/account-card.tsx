import { Card, Elevation } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { PageState, type PageStateProps } from '../../common/page-state.tsx';
import { StandalonePage } from '../../common/standalone-page.tsx';
import './account.css';

export interface AccountCardProps extends Pick<PageStateProps, 'description' | 'icon' | 'title'> {
  /** The buttons under the text, side by side. */
  actions: ReactNode;
}

/** The screens of someone who may not go further (§2): why, in one card, and what they can do. */
export function AccountCard({ actions, ...state }: AccountCardProps) {
  return (
    <StandalonePage centered className="account-page">
      <Card className="account-page__card" elevation={Elevation.THREE}>
        <PageState {...state} action={<div className="account-page__actions">{actions}</div>} />
      </Card>
    </StandalonePage>
  );
}
