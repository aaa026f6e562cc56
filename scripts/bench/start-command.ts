import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Node's arguments in a `node …` command line such as `npm start`'s (`package.json`), so that
 * the benchmark runs the app with the flags it is run with, from the one place they are set.
 */
export function nodeArgumentsOf(command: string): string[] {
  const [program, ...args] = command.trim().split(/\s+/);
  if (program !== 'node' || args.length === 0) {
    throw new Error(`Expected a "node …" command, found "${command}"`);
  }
  return args;
}

/** `npm start`'s Node arguments (flags, then the API's entry point). */
export function startArguments(repoRoot: string): string[] {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  return nodeArgumentsOf(manifest.scripts?.start ?? '');
}
