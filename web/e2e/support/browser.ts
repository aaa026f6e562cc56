import { chromium, type Browser, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { traceFailures } from './failure-trace.ts';

/**
 * Debian's Chromium (`make test` installs it), headless and quiet, in our users' language
 * unless a test asks for another one (e.g. 'en-US', where native date inputs read mm/dd/yyyy).
 */
export function launchBrowser({ lang = 'pt-BR' }: { lang?: string } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
      // The browser language (Accept-Language, Intl). The app's date fields read dd/mm/aaaa in any.
      `--lang=${lang}`,
    ],
  });
}

export interface OpenPageOptions {
  /** The context's locale and window width (default pt-BR, 1280 × 800). */
  locale?: string;
  viewport?: { width: number; height: number };
  /**
   * Let the test inject scripts of its own (axe-core) past the app's Content-Security-Policy
   * (`script-src 'self'`), which would refuse them as any other inline script.
   */
  bypassCSP?: boolean;
  /** Console errors the test expects, e.g. the browser's note about a refused login (401). */
  allowConsoleErrors?: RegExp[];
}

/**
 * The browser logs every 401 answer as a console error; a signed-out visitor's current-user
 * query gets one on every page, so they are expected unless a test says otherwise.
 */
const EXPECTED_CONSOLE_ERRORS = [/Failed to load resource: the server responded with a status of 401/];

/**
 * A page in a fresh browser context (own cookies), at a desktop size and in pt-BR. Call it
 * inside a test: when the test finishes the context is closed, and the test fails if the
 * page threw or logged a console error.
 */
export async function openPage(browser: Browser, options: OpenPageOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    locale: options.locale ?? 'pt-BR',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    bypassCSP: options.bypassCSP ?? false,
  });
  const page = await context.newPage();
  const allowed = [...EXPECTED_CONSOLE_ERRORS, ...(options.allowConsoleErrors ?? [])];
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.stack ?? error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (!allowed.some((pattern) => pattern.test(text))) problems.push(`console error: ${text}`);
  });
  const reportFailure = traceFailures(page);
  onTestFinished(async (test) => {
    await reportFailure(test);
    await context.close();
    if (problems.length > 0) throw new Error(`the page reported errors:\n${problems.join('\n')}`);
  });
  return page;
}
