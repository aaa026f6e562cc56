import { Card, Elevation, NonIdealState } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { commonMessages } from './messages.ts';

/** Shown instead of an administrators' screen when the server answers 403 (§2 Users, §6). */
export function RestrictedAccessCard() {
  return (
    <Card elevation={Elevation.ONE}>
      <NonIdealState
        description={commonMessages.restrictedDescription}
        icon={IconNames.LOCK}
        title={commonMessages.restrictedTitle}
      />
    </Card>
  );
}
