/** Both days given (`yyyy-MM-dd`, '' when open) and in the wrong order: the server refuses them. */
export const isReversedRange = (start: string, end: string): boolean =>
  start !== '' && end !== '' && start > end;
