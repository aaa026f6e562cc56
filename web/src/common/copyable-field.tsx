import { Button, ButtonVariant, InputGroup, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { showToast } from '../app/toaster.tsx';
import { AppTooltip } from './app-tooltip.tsx';
import { copyToClipboard } from './copy-to-clipboard.ts';
import { commonMessages } from './messages.ts';
import './copyable-field.css';

export interface CopyableFieldProps {
  value: string;
  /** The field's accessible name, e.g. 'Chave de acesso'. */
  label: string;
  id?: string;
  /** The copy button takes the focus when the field appears (a value shown once, to copy now). */
  autoFocusCopy?: boolean;
}

/** A read-only field with a copy button; toasts 'Copiado' (§8) once the text is copied. */
export function CopyableField({ value, label, id, autoFocusCopy = false }: CopyableFieldProps) {
  const copy = async () => {
    const copied = await copyToClipboard(value);
    showToast(
      copied
        ? {
            title: commonMessages.copied,
            description: commonMessages.copiedDescription,
            intent: Intent.SUCCESS,
          }
        : { title: commonMessages.error, description: commonMessages.copyFailed, intent: Intent.DANGER },
    );
  };
  return (
    <InputGroup
      aria-label={label}
      className="copyable-field"
      id={id}
      inputClassName="copyable-field__input"
      onFocus={(event) => event.currentTarget.select()}
      readOnly
      rightElement={
        // Not on focus: the button takes it as the key is shown, and the tooltip then covered
        // the key's end. Its name says the same to a screen reader.
        <AppTooltip content={commonMessages.copy} openOnTargetFocus={false}>
          <Button
            aria-label={`${commonMessages.copy} ${label.toLowerCase()}`}
            autoFocus={autoFocusCopy}
            icon={IconNames.DUPLICATE}
            onClick={() => void copy()}
            variant={ButtonVariant.MINIMAL}
          />
        </AppTooltip>
      }
      value={value}
    />
  );
}
