import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IconNames } from '@blueprintjs/icons';
import { describe, expect, it } from 'vitest';
import { iconPaths16 } from './icon-paths-16.ts';
import { iconPaths20 } from './icon-paths-20.ts';

const webSrc = fileURLToPath(new URL('../../', import.meta.url));

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** Every icon the code names, as `IconNames.X`. */
function iconsNamedInCode(): string[] {
  const names = new Set<string>();
  for (const file of sourcesUnder(webSrc)) {
    for (const [, key] of readFileSync(file, 'utf8').matchAll(/IconNames\.([A-Z0-9_]+)/g)) {
      if (key && key in IconNames) names.add(IconNames[key as keyof typeof IconNames]);
    }
  }
  return [...names].sort();
}

describe('the app icon set', () => {
  it('holds, in both sizes, every icon the code names (others would be fetched from the full set)', () => {
    const used = iconsNamedInCode();
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((name) => !(name in iconPaths16))).toEqual([]);
    expect(used.filter((name) => !(name in iconPaths20))).toEqual([]);
  });

  it('gives each icon real SVG paths of its size', () => {
    expect(Object.keys(iconPaths20)).toEqual(Object.keys(iconPaths16));
    for (const [name, paths] of Object.entries(iconPaths16)) {
      expect(paths.length, name).toBeGreaterThan(0);
      expect(paths[0], name).toMatch(/^[Mm]/);
      expect(iconPaths20[name], name).not.toEqual(paths);
    }
  });
});
