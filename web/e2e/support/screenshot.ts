import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const screenshots = fileURLToPath(new URL('../screenshots/', import.meta.url));

/**
 * Saves a screenshot under web/e2e/screenshots/ for review: the whole page, or only the
 * window (`fullPage: false`) when a dialog is on top.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(screenshots, { recursive: true });
  // Let Blueprint's dialog and toast transitions (300 ms) finish: the picture is for people.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${screenshots}${name}.png`, fullPage });
}
