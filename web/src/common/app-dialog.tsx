import { Button, Classes, Dialog, H2, Icon, IconSize, type DialogProps } from '@blueprintjs/core';
import { IconNames, type IconName } from '@blueprintjs/icons';
import { useId } from 'react';
import { commonMessages } from './messages.ts';

export interface AppDialogProps extends Omit<DialogProps, 'title' | 'icon' | 'titleTagName'> {
  title: string;
  icon?: IconName;
}

/**
 * Blueprint's `Dialog` with the header drawn here: Blueprint names its × button 'Close', in
 * English, for screen readers; ours says 'Fechar janela' (the footer's 'Fechar', where there is one, stays the only 'Fechar'). Same classes, so it looks the same.
 */
export function AppDialog({ title, icon, isCloseButtonShown, onClose, children, ...props }: AppDialogProps) {
  const titleId = useId();
  return (
    <Dialog aria-labelledby={titleId} isCloseButtonShown={false} onClose={onClose} {...props}>
      <div className={Classes.DIALOG_HEADER}>
        {icon ? <Icon aria-hidden icon={icon} size={IconSize.STANDARD} tabIndex={-1} /> : null}
        <H2 id={titleId}>{title}</H2>
        {isCloseButtonShown !== false ? (
          <Button
            aria-label={commonMessages.closeDialog}
            className={Classes.DIALOG_CLOSE_BUTTON}
            icon={IconNames.SMALL_CROSS}
            onClick={onClose}
            variant="minimal"
          />
        ) : null}
      </div>
      {children}
    </Dialog>
  );
}
