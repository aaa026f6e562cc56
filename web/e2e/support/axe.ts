import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** axe-core's own bundle, injected into the page under test (never part of the app's bundle). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The page's global scope once axe is injected (the e2e code is typed without the DOM). */
interface AxeScope {
  axe?: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> };
  document: unknown;
}

/** One rule axe found broken, with where: enough to fix it from the test's output alone. */
export interface AxeViolation {
  rule: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core on the page as it is now (every rule axe runs by default: WCAG A/AA and the
 * best practices such as one h1, ordered headings and unique landmarks) and returns its
 * violations, empty when there are none. Wait for the screen to be drawn before calling it.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ content: axeSource });
  const options: RunOptions = { resultTypes: ['violations'] };
  const results = await page.evaluate(async (runOptions) => {
    const scope = globalThis as unknown as AxeScope;
    if (!scope.axe) throw new Error('axe-core is not in the page');
    const { violations } = await scope.axe.run(scope.document, runOptions);
    return violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')} → ${node.failureSummary ?? ''}`),
    }));
  }, options);
  return results;
}
