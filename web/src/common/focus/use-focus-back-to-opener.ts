import { useEffect, useState } from 'react';
import { FOCUS_GROUP_ATTRIBUTE, focusIsLost } from './focus-lost.ts';

/**
 * Gives the focus back to what opened a dialog (its button) once the dialog is gone, unless
 * something else took it meanwhile. Our dialogs are unmounted when they close (mounted only
 * while open), which skips Blueprint's own return of the focus: it fell to the page, and a
 * keyboard user had to Tab again from the sidebar. When the opener went meanwhile ('Desativar'
 * of a key now inactive), the focus group that held it (its card) takes the focus.
 */
export function useFocusBackToOpener(): void {
  // Read while rendering the first time: by the effects, an autofocused field has the focus.
  const [opener] = useState(() => document.activeElement);
  const [group] = useState(() => opener?.closest(`[${FOCUS_GROUP_ATTRIBUTE}]`) ?? null);
  useEffect(() => {
    return () => {
      requestAnimationFrame(() => {
        if (!focusIsLost()) return;
        const target = [opener, group].find(
          (candidate) => candidate instanceof HTMLElement && candidate.isConnected,
        );
        if (target instanceof HTMLElement) target.focus();
      });
    };
  }, [opener, group]);
}
