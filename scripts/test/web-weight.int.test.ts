import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild } from '../../web/e2e/support/app.ts';
import { dashboardWeight, defaultWebDist } from '../web-weight.ts';

/** Issue 11: everything the dashboard fetches on a cold cache, on the wire. */
const BUDGET_KB = 300;

beforeAll(async () => {
  // `make test` builds first; run alone, this builds when the sources are newer than web/dist.
  await ensureWebBuild();
}, 180_000);

function firstLoadText(): string {
  return dashboardWeight()
    .files.map((file) => readFileSync(join(defaultWebDist, file.path), 'utf8'))
    .join('\n');
}

describe('the dashboard on a cold cache', () => {
  it(`weighs at most ${BUDGET_KB} kB on the wire (brotli)`, () => {
    const weight = dashboardWeight();
    const table = weight.files
      .map((file) => `${(file.wireBytes / 1024).toFixed(1)} kB ${file.path}`)
      .join('\n');
    console.log(`web.dashboardWireKB = ${weight.wireKB}\n${table}`);
    expect(weight.wireKB, table).toBeLessThanOrEqual(BUDGET_KB);
  });

  it('is served compressed: every script and style it needs has a brotli and a gzip copy', () => {
    const texts = dashboardWeight().files.filter(
      (file) => /\.(?:js|css)$/.test(file.path) && file.rawBytes >= 1024,
    );
    expect(texts.length).toBeGreaterThan(0);
    for (const file of texts) {
      expect(existsSync(join(defaultWebDist, `${file.path}.br`)), file.path).toBe(true);
      expect(existsSync(join(defaultWebDist, `${file.path}.gz`)), file.path).toBe(true);
    }
  });

  it('loads no icon font and not the paths of icons the app does not draw', () => {
    const { files } = dashboardWeight();
    expect(files.filter((file) => /\.(?:woff2?|ttf|eot)$/.test(file.path))).toEqual([]);
    // Blueprint's own loader would bring all ~600 icons; ours brings the app's set only.
    const airplane = readFileSync(
      fileURLToPath(import.meta.resolve('@blueprintjs/icons/lib/esm/generated/16px/paths/airplane.js')),
      'utf8',
    );
    const airplanePath = /"(M[^"]+)"/.exec(airplane)?.[1] ?? '';
    expect(airplanePath.length).toBeGreaterThan(20);
    expect(firstLoadText().includes(airplanePath)).toBe(false);
  });

  it('leaves the screens outside daily use out of the first load', () => {
    const firstLoad = firstLoadText();
    // Each lazily loaded screen's own texts live only in its own chunk.
    for (const text of [
      'Aprovação, cadastro e remoção dos usuários do sistema',
      'Chaves que os usuários utilizam para entrar no sistema',
      'Inicialização do Sistema',
    ]) {
      expect(firstLoad.includes(text), text).toBe(false);
    }
  });
});
