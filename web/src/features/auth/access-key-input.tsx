import { Button, ButtonVariant, InputGroup, Size, type InputGroupProps } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { AppTooltip } from '../../common/app-tooltip.tsx';
import { authMessages } from './messages.ts';

type AccessKeyInputProps = Omit<InputGroupProps, 'type' | 'rightElement'>;

/** A masked access-key field with a show/hide toggle (spec §2, Login). */
export function AccessKeyInput(props: AccessKeyInputProps) {
  const [visible, setVisible] = useState(false);
  const label = visible ? authMessages.hideAccessKey : authMessages.showAccessKey;
  return (
    <InputGroup
      {...props}
      type={visible ? 'text' : 'password'}
      rightElement={
        <AppTooltip content={label} disabled={props.disabled}>
          <Button
            aria-label={label}
            aria-pressed={visible}
            disabled={props.disabled}
            icon={visible ? IconNames.EYE_OFF : IconNames.EYE_OPEN}
            onClick={() => setVisible((current) => !current)}
            size={props.size === Size.LARGE ? Size.MEDIUM : Size.SMALL}
            variant={ButtonVariant.MINIMAL}
          />
        </AppTooltip>
      }
    />
  );
}
