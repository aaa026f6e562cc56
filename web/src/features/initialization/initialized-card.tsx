import type { InitializationStatus } from '@bari/contracts';
import { Callout, Card, Elevation, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { GoToLoginButton } from './go-to-login-button.tsx';
import { initializationMessages as m } from './messages.ts';
import { Heading } from '../../common/heading.tsx';

/** The system was initialized already: how many users and keys it has, and the way to login. */
export function InitializedCard({ status }: { status: InitializationStatus }) {
  return (
    <Card className="initialize-page__card" elevation={Elevation.TWO}>
      <Callout icon={IconNames.TICK_CIRCLE} intent={Intent.SUCCESS}>
        <Heading level={2} look={5}>
          {m.initializedTitle}
        </Heading>

        {m.initializedDescription}
      </Callout>
      <dl className="initialize-page__counts">
        <div>
          <dt>{m.usersCount}</dt>
          <dd>{status.usersCount}</dd>
        </div>
        <div>
          <dt>{m.accessKeysCount}</dt>
          <dd>{status.accessKeysCount}</dd>
        </div>
      </dl>
      <GoToLoginButton />
    </Card>
  );
}
