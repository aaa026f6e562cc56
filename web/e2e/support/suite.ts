import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startApp, type RunningApp } from './app.ts';
import { launchBrowser } from './browser.ts';

/** Starting may build the web app first, and the database server can be cold. */
const START_TIMEOUT_MS = 120_000;

/** The product under test and the browser that drives it; read them in hooks and tests. */
export interface AppUnderTest {
  /** e.g. http://127.0.0.1:41234, serving the web app and /api. */
  readonly baseUrl: string;
  readonly browser: Browser;
}

/**
 * Starts the product (on a fresh database) and a browser, side by side, before the tests of
 * the enclosing `describe` block, and stops both after them. Call it at the top of the block.
 * `lang` is the browser's language (default pt-BR).
 */
export function setUpApp({ lang }: { lang?: string } = {}): AppUnderTest {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([startApp(), launchBrowser({ lang })]);
    // Keep whichever came up, so that afterAll stops it even when the other failed.
    if (started.status === 'fulfilled') app = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  return {
    get baseUrl() {
      return whenStarted(app).baseUrl;
    },
    get browser() {
      return whenStarted(browser);
    },
  };
}

function whenStarted<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('the app is not started: use it inside a hook or a test');
  return value;
}
