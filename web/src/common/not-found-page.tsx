import { AnchorButton, Intent, NonIdealState } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useNavigate } from 'react-router-dom';
import { commonMessages } from './messages.ts';
import './not-found-page.css';

/** Any path no route knows (spec §2, Not found). */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <main className="not-found-page">
      <NonIdealState
        action={
          <AnchorButton
            href="/"
            icon={IconNames.HOME}
            intent={Intent.PRIMARY}
            onClick={(event) => {
              event.preventDefault();
              void navigate('/');
            }}
            text={commonMessages.notFoundBack}
          />
        }
        description={commonMessages.notFoundDescription}
        icon={IconNames.SEARCH}
        title={`404 · ${commonMessages.notFoundTitle}`}
      />
    </main>
  );
}
