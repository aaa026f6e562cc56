import { Card, Elevation, NonIdealState } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { PageHeader } from './layout/page-header.tsx';
import { commonMessages } from './messages.ts';

export interface UnderConstructionPageProps {
  title: string;
  subtitle?: string;
}

/**
 * A placeholder for an approved route whose screen another feature has not delivered yet;
 * `app/routes.tsx` swaps it for the real page.
 */
export function UnderConstructionPage({ title, subtitle }: UnderConstructionPageProps) {
  return (
    <>
      <PageHeader subtitle={subtitle} title={title} />
      <Card elevation={Elevation.ONE}>
        <NonIdealState
          description={commonMessages.underConstructionDescription}
          icon={IconNames.BUILD}
          title={commonMessages.underConstructionTitle}
        />
      </Card>
    </>
  );
}
