import type { Page } from 'playwright-core';
import type { TestContext } from 'vitest';
import { screenshot } from './screenshot.ts';

/** The API exchanges kept for a failure's report: enough to see what the page last asked. */
const KEPT_EXCHANGES = 30;

/**
 * Follows a page's calls to the API, so that a test that fails (a flaky one in CI, above all)
 * says what the page asked and was answered, what it showed (toasts, dialogs, alerts) and
 * leaves a picture of it: `web/e2e/screenshots/failed-<test>.png`.
 */
export function traceFailures(page: Page): (context: TestContext) => Promise<void> {
  const started = performance.now();
  const exchanges: string[] = [];
  const keep = (line: string): void => {
    exchanges.push(`${((performance.now() - started) / 1000).toFixed(2)} s ${line}`);
    if (exchanges.length > KEPT_EXCHANGES) exchanges.shift();
  };
  const apiPath = (url: string): string | undefined => {
    const { pathname, search } = new URL(url);
    return pathname.startsWith('/api/') ? pathname + search : undefined;
  };
  page.on('response', (response) => {
    const path = apiPath(response.url());
    if (!path) return;
    const line = `${response.request().method()} ${path} → ${response.status()}`;
    if (response.status() < 400) return keep(line);
    // A refusal's machine-readable code says why.
    void response
      .json()
      .then((body: { code?: unknown }) => keep(`${line} ${String(body.code)}`))
      .catch(() => keep(line));
  });
  page.on('requestfailed', (request) => {
    const path = apiPath(request.url());
    if (path) keep(`${request.method()} ${path} failed: ${request.failure()?.errorText ?? '?'}`);
  });
  return async ({ task }) => {
    if (task.result?.state !== 'fail' || page.isClosed()) return;
    const name = `failed-${task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80)}`;
    const shown = await page
      .locator('[role="dialog"], [role="alertdialog"], [role="alert"], [role="status"], .bp6-toast')
      .allInnerTexts()
      .catch(() => []);
    await screenshot(page, name, { fullPage: false }).catch(() => undefined);
    console.error(
      [
        `── ${task.name}: failed at ${page.url()}`,
        `shown: ${shown.map((text) => JSON.stringify(text.replace(/\s+/g, ' ').trim())).join(' | ') || 'nothing'}`,
        'last API exchanges:',
        ...exchanges.map((line) => `  ${line}`),
        `screenshot: web/e2e/screenshots/${name}.png`,
      ].join('\n'),
    );
  };
}
