import { ensureWebBuild } from './app.ts';

/**
 * Builds web/dist, when a source is newer, once before the browser tests' workers start: two
 * files starting at once would otherwise both build into the same folder.
 */
export default async function buildWebOnce(): Promise<void> {
  await ensureWebBuild();
}
