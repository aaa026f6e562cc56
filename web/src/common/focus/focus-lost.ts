/** Whether the keyboard focus has fallen to the page (its control removed, its dialog closed). */
export function focusIsLost(): boolean {
  const focused = document.activeElement;
  return focused === null || focused === document.body;
}

/** Marks a focus group (see `useFocusKeptInside`), which a closed dialog falls back on. */
export const FOCUS_GROUP_ATTRIBUTE = 'data-focus-group';
