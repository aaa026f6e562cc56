import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nodeArgumentsOf, startArguments } from './start-command.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

describe('the command the app is started with', () => {
  it('takes Node’s arguments from a node command line, and refuses any other', () => {
    expect(nodeArgumentsOf('node --flag --import tsx main.ts')).toEqual([
      '--flag',
      '--import',
      'tsx',
      'main.ts',
    ]);
    expect(() => nodeArgumentsOf('tsx main.ts')).toThrow(/node/);
    expect(() => nodeArgumentsOf('node')).toThrow(/node/);
  });

  it('is the same in npm start, make start and the Dockerfile', () => {
    const args = startArguments(repoRoot);
    expect(args.at(-1)).toBe('services/api/src/main.ts');
    const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? 'null')).toEqual(['node', ...args]);
    const makefile = readFileSync(join(repoRoot, 'Makefile'), 'utf8');
    expect(/^start:.*\n\texec (.*)$/m.exec(makefile)?.[1]).toBe('npm start --silent');
  });
});
