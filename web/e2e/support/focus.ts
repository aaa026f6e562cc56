import type { Locator } from 'playwright-core';

/** Whether this element has the keyboard focus. */
export function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === element.ownerDocument.activeElement);
}
