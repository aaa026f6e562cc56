import { Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { LinkButton } from './link-button.tsx';
import { commonMessages } from './messages.ts';
import { PageState } from './page-state.tsx';
import './not-found-page.css';

/** Any path no route knows (spec §2, Not found). */
export function NotFoundPage() {
  return (
    <main className="not-found-page">
      <PageState
        action={
          <LinkButton
            icon={IconNames.HOME}
            intent={Intent.PRIMARY}
            text={commonMessages.notFoundBack}
            to="/"
          />
        }
        description={commonMessages.notFoundDescription}
        icon={IconNames.SEARCH}
        title={`404 · ${commonMessages.notFoundTitle}`}
      />
    </main>
  );
}
