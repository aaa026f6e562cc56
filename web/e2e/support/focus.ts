import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Whether this element has the keyboard focus. */
export function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === element.ownerDocument.activeElement);
}

/**
 * Presses Escape in the dialog on top, once its overlay holds the focus: Blueprint moves the
 * focus into an overlay a frame after it shows, and an Escape pressed before reaches the page,
 * not the dialog (the suite failed that way now and then).
 */
export async function pressEscapeInDialog(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.bp6-overlay.bp6-overlay-open :focus').count()).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
}
