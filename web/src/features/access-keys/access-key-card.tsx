import type { AccessKeyListItem } from '@bari/contracts';
import { Button, ButtonVariant, Card, Classes, Code, Elevation, Icon, Intent, Size } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { accessKeyHolder, accessKeyStatus, formatKeyDate, maskedKey } from './access-key-format.ts';
import { AccessKeyHolderLabel } from './access-key-holder-label.tsx';
import { AccessKeyStatusTag } from './access-key-status-tag.tsx';
import { accessKeysMessages as m } from './messages.ts';
import { Heading } from '../../common/heading.tsx';
import { useFocusKeptInside } from '../../common/focus/use-focus-kept-inside.ts';

export interface AccessKeyCardProps {
  accessKey: AccessKeyListItem;
  now: Date;
  onDeactivate: (key: AccessKeyListItem) => void;
}

/** One key: what it is for, whose it is, its dates, its use and its status (§2 Access keys). */
export function AccessKeyCard({ accessKey, now, onDeactivate }: AccessKeyCardProps) {
  const status = accessKeyStatus(accessKey, now);
  // 'Desativar' disappears once the key is inactive: the card itself keeps the focus.
  const focusGroup = useFocusKeptInside<HTMLDivElement>();
  return (
    <Card
      {...focusGroup}
      aria-label={accessKey.description}
      className="access-key-card"
      elevation={Elevation.ONE}
      role="article"
    >
      <header className="access-key-card__header">
        <Icon className="access-key-card__icon" icon={IconNames.KEY} size={18} />
        <Heading level={2} look={3} className="access-key-card__title">
          {accessKey.description}
        </Heading>
        <AccessKeyStatusTag status={status} />
      </header>

      <Code className="access-key-card__prefix">{maskedKey(accessKey.keyPrefix)}</Code>

      <dl className="access-key-card__facts">
        <dt>{m.boundTo}</dt>
        <dd>
          <AccessKeyHolderLabel holder={accessKeyHolder(accessKey)} />
        </dd>
        <dt>{m.createdAt}</dt>
        <dd>{formatKeyDate(accessKey.createdAt)}</dd>
        <dt>{m.expiresAt}</dt>
        <dd>{accessKey.expiresAt ? formatKeyDate(accessKey.expiresAt) : m.noExpiry}</dd>
      </dl>

      <footer className="access-key-card__footer">
        <span className={Classes.TEXT_MUTED}>{m.usage(accessKey.usageCount)}</span>
        {status === 'active' && accessKey.signedInHere ? (
          <span className={Classes.TEXT_MUTED}>{m.signedInHere}</span>
        ) : status === 'active' ? (
          <Button
            aria-label={m.deactivateKey(accessKey.description)}
            icon={IconNames.DISABLE}
            intent={Intent.DANGER}
            onClick={() => onDeactivate(accessKey)}
            size={Size.SMALL}
            text={m.deactivate}
            variant={ButtonVariant.OUTLINED}
          />
        ) : null}
      </footer>
    </Card>
  );
}
