import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|ttf|eot)$/;
/** Below this a compressed copy saves less than its extra request headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every text file of
 * the build, once, so the server only chooses (see services/api/src/http/static-web.ts) instead
 * of compressing on every request. A copy is kept only when it is smaller than the original.
 */
export function compressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'bari:compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
        const content = readFileSync(file);
        const brotli = brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
        if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}
