import {
  Intent,
  OverlaysProvider,
  OverlayToaster,
  Position,
  type Toaster,
  type ToastProps,
} from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { commonMessages } from '../common/messages.ts';
import { createRoot } from 'react-dom/client';
import './toaster.css';

/** §9: toasts close by themselves after 5 s. */
export const TOAST_TIMEOUT_MS = 5000;

export interface ToastOptions {
  title: string;
  description?: string;
  /** Intent.DANGER for the spec's "destructive" toasts. */
  intent?: Intent;
}

let toaster: Promise<Toaster> | undefined;

/**
 * The one toaster of the app (§9: at most one toast at a time), created on first use so that
 * importing this module has no effect on the page. `OverlayToaster.create` is Blueprint
 * 6.20's name for `createAsync` (now a deprecated alias); it mounts in its own React root,
 * which is given its own OverlaysProvider.
 */
function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create(
    // Bottom right: over nothing a nurse is about to click (at the top right a toast covered the
    // patient's 'Editar' and 'Excluir' for its five seconds).
    { maxToasts: 1, position: Position.BOTTOM_RIGHT, className: 'app-toaster' },
    {
      domRenderer: (element, container) =>
        createRoot(container).render(<OverlaysProvider>{element}</OverlaysProvider>),
    },
  );
  return toaster;
}

/**
 * Blueprint names a toast's × 'Close', in English, for screen readers: ours is the toast's
 * action (which dismisses it too), named in Portuguese.
 */
const CLOSE_ACTION: ToastProps['action'] = {
  icon: IconNames.CROSS,
  // ActionProps has no aria-label, but the AnchorButton it becomes passes it to its element.
  ...({ 'aria-label': commonMessages.closeNotice } as object),
};

/** Shows a toast with a bold title and an optional description line. */
export function showToast({ title, description, intent = Intent.NONE }: ToastOptions): void {
  void getToaster().then((instance) =>
    instance.show({
      intent,
      timeout: TOAST_TIMEOUT_MS,
      isCloseButtonShown: false,
      action: CLOSE_ACTION,
      message: (
        <div className="app-toast">
          <strong className="app-toast__title">{title}</strong>
          {description ? <div className="app-toast__description">{description}</div> : null}
        </div>
      ),
    }),
  );
}
