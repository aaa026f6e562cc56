/**
 * What takes the keyboard focus when the focused control of a group (a table row, a card) has
 * gone: the first of the controls that followed it and are still there (its row's next action),
 * else the last of those before it; nothing when none is left, and the group itself takes it.
 * `before` is the group's controls in order as they were while `lost` was among them.
 */
export function focusSuccessor<T>(
  before: readonly T[],
  lost: T,
  isPresent: (item: T) => boolean,
): T | undefined {
  const index = before.indexOf(lost);
  if (index === -1) return undefined;
  return before.slice(index + 1).find(isPresent) ?? before.slice(0, index).findLast(isPresent);
}
