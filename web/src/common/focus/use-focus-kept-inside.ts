import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { FOCUS_GROUP_ATTRIBUTE, focusIsLost } from './focus-lost.ts';
import { focusSuccessor } from './focus-successor.ts';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

export interface FocusGroupProps<T extends HTMLElement> {
  ref: RefObject<T | null>;
  /** Focusable by script only: it takes the focus when none of its controls is left. */
  tabIndex: -1;
  [FOCUS_GROUP_ATTRIBUTE]: '';
}

/**
 * Keeps the keyboard focus in a group (a table row, a card) whose focused control disappears as
 * it re-renders ('Aprovar' once the user is approved, 'Desativar' once the key is inactive):
 * the next of its controls takes the focus (`focusSuccessor`), or the group itself; it fell to
 * the page, and a keyboard user had to Tab again from the sidebar. Spread the props on the group.
 */
export function useFocusKeptInside<T extends HTMLElement>(): FocusGroupProps<T> {
  const ref = useRef<T>(null);
  // The group's controls as last drawn, and the last of them (or the group) to have had the focus.
  const controls = useRef<HTMLElement[]>([]);
  const lastFocused = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const group = ref.current;
    if (!group) return;
    const remember = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement) lastFocused.current = event.target;
    };
    group.addEventListener('focusin', remember);
    return () => group.removeEventListener('focusin', remember);
  }, []);

  // After every render, before the browser paints: was the focused control just removed?
  useLayoutEffect(() => {
    const group = ref.current;
    if (!group) return;
    const lost = lastFocused.current;
    if (lost && !group.contains(lost)) {
      lastFocused.current = null;
      if (focusIsLost()) {
        const next = focusSuccessor(controls.current, lost, (control) => group.contains(control));
        (next ?? group).focus();
      }
    }
    controls.current = [...group.querySelectorAll<HTMLElement>(FOCUSABLE)];
  });

  return { ref, tabIndex: -1, [FOCUS_GROUP_ATTRIBUTE]: '' };
}
