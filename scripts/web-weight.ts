/**
 * What the dashboard costs on the wire on a cold cache, read from the built web app (web/dist):
 * index.html, the scripts and styles it links, every module the entry script imports
 * statically (transitively), the fonts those styles use and the favicon. Chunks loaded with a
 * dynamic `import()` (the lazily loaded screens) are not counted: the dashboard does not fetch them.
 *
 * Each file counts as the server sends it to a browser that accepts brotli: its `.br` sibling
 * when the build produced one, else the file itself. Deterministic: same build, same figure.
 *
 * Used by the budget test (scripts/test/web-weight.int.test.ts) and `npm run web:weight`,
 * which prints `web.dashboardWireKB`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

export const defaultWebDist = fileURLToPath(new URL('../web/dist/', import.meta.url));

export interface WireFile {
  /** Path from the root of web/dist, e.g. `assets/index-abc.js`. */
  readonly path: string;
  readonly rawBytes: number;
  /** What goes on the wire for `Accept-Encoding: br` (the `.br` file when there is one). */
  readonly wireBytes: number;
  readonly brotli: boolean;
}

export interface DashboardWeight {
  readonly files: readonly WireFile[];
  readonly wireBytes: number;
  /** `wireBytes` in kB (1 kB = 1024 bytes), one decimal: the bench's `web.dashboardWireKB`. */
  readonly wireKB: number;
}

/** Attributes naming files in index.html: scripts, stylesheets, module preloads and the icon. */
const HTML_REFERENCE = /<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"[^>]*>/g;
/**
 * Static imports in minified ES modules: `import{a as b}from"./x.js"`, `import*as c from"./y.js"`,
 * `import"./z.js"`, `export{d}from"./w.js"`. A dynamic `import("./v.js")` has a parenthesis
 * after `import` and is left out on purpose.
 */
const STATIC_IMPORT = /(?:^|[\s;})])(?:import|export)\s*(?:[\w$*{][^"'()]*?from\s*)?["']([^"']+\.js)["']/g;
const FONT_FACE = /@font-face\s*{[^}]*}/g;
const FIRST_URL = /url\(\s*["']?([^"')]+)["']?\s*\)/;

/** Computes the dashboard's cold-cache weight from a built web app (default: web/dist). */
export function dashboardWeight(distDir: string = defaultWebDist): DashboardWeight {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) {
    throw new Error(`${indexPath} does not exist: build the web app first (npm run build)`);
  }
  const seen = new Set<string>();
  const pending: string[] = ['index.html'];
  const html = readFileSync(indexPath, 'utf8');
  for (const [, reference] of html.matchAll(HTML_REFERENCE)) {
    if (reference && isLocal(reference)) pending.push(reference.replace(/^\//, ''));
  }
  while (pending.length > 0) {
    const path = pending.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    if (path.endsWith('.js')) pending.push(...staticImportsOf(distDir, path));
    if (path.endsWith('.css')) pending.push(...fontsOf(distDir, path));
  }
  const files = [...seen].map((path) => wireFile(distDir, path));
  const wireBytes = files.reduce((sum, file) => sum + file.wireBytes, 0);
  return { files, wireBytes, wireKB: Math.round((wireBytes / 1024) * 10) / 10 };
}

/**
 * What opening a lazily loaded chunk adds on the wire, in kB: the first built chunk whose
 * file name matches `name`, with its static imports and their CSS, minus what the
 * dashboard's first load already brought.
 */
export function lazyChunkWireKB(name: RegExp, distDir: string = defaultWebDist): number {
  const loaded = new Set(dashboardWeight(distDir).files.map((file) => file.path));
  const assets = join(distDir, 'assets');
  const entry = readdirSync(assets).find((file) => file.endsWith('.js') && name.test(file));
  if (!entry) throw new Error(`No chunk of ${distDir} matches ${String(name)}`);
  const seen = new Set<string>();
  const pending = [`assets/${entry}`];
  while (pending.length > 0) {
    const path = pending.shift()!;
    if (seen.has(path) || loaded.has(path)) continue;
    seen.add(path);
    pending.push(...staticImportsOf(distDir, path));
    const css = path.replace(/\.js$/, '.css');
    if (existsSync(join(distDir, css))) pending.push(css);
  }
  const bytes = [...seen].reduce((sum, path) => sum + wireFile(distDir, path).wireBytes, 0);
  return Math.round((bytes / 1024) * 10) / 10;
}

function staticImportsOf(distDir: string, path: string): string[] {
  const code = readFileSync(join(distDir, path), 'utf8');
  return [...code.matchAll(STATIC_IMPORT)]
    .map(([, specifier]) => specifier)
    .filter((specifier): specifier is string => specifier !== undefined && isLocal(specifier))
    .map((specifier) => resolveFrom(path, specifier));
}

/** A browser fetches one source of each @font-face, the first it supports: woff2 comes first. */
function fontsOf(distDir: string, path: string): string[] {
  const css = readFileSync(join(distDir, path), 'utf8');
  return [...css.matchAll(FONT_FACE)]
    .map(([rule]) => FIRST_URL.exec(rule)?.[1])
    .filter((url): url is string => url !== undefined && isLocal(url))
    .map((url) => resolveFrom(path, url.replace(/[?#].*$/, '')));
}

function isLocal(reference: string): boolean {
  return !/^(?:[a-z]+:|\/\/|#)/i.test(reference);
}

function resolveFrom(fromPath: string, reference: string): string {
  if (reference.startsWith('/')) return reference.slice(1);
  return posix.normalize(posix.join(posix.dirname(fromPath), reference));
}

function wireFile(distDir: string, path: string): WireFile {
  const full = join(distDir, path);
  if (!existsSync(full)) throw new Error(`${path} is referenced but missing from ${dirname(full)}`);
  const rawBytes = statSync(full).size;
  const brotli = existsSync(`${full}.br`);
  return { path, rawBytes, brotli, wireBytes: brotli ? statSync(`${full}.br`).size : rawBytes };
}

// `npm run web:weight`: prints the figure the bench reports.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const weight = dashboardWeight(process.argv[2] ?? defaultWebDist);
  for (const file of weight.files) {
    const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);
    console.log(`${kb(file.rawBytes)} kB raw ${kb(file.wireBytes)} kB wire  ${file.path}`);
  }
  console.log(JSON.stringify({ 'web.dashboardWireKB': weight.wireKB }));
}
