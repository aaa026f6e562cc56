import { messages } from './messages.ts';

/** What the administrator asked for, decided from the arguments alone. */
export type CliCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'status' }
  /** The projections to rebuild, in registry order (`--all`: every one). */
  | { readonly kind: 'rebuild'; readonly names: readonly string[] }
  | { readonly kind: 'usage-error'; readonly message: string };

const HELP = new Set(['--help', '-h', 'help', 'ajuda']);

/**
 * Parses `projections <command> ...` against the registered projection names. Pure: no I/O,
 * so every case is unit-tested; the caller maps `usage-error` to exit code 2.
 */
export function parseArguments(argv: readonly string[], known: readonly string[]): CliCommand {
  if (argv.some((argument) => HELP.has(argument))) return { kind: 'help' };
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
      return { kind: 'usage-error', message: messages.missingCommand };
    case 'status':
      return rest.length === 0
        ? { kind: 'status' }
        : { kind: 'usage-error', message: messages.unexpected(rest) };
    case 'rebuild':
      return parseRebuild(rest, known);
    default:
      return { kind: 'usage-error', message: messages.unknownCommand(command) };
  }
}

function parseRebuild(rest: readonly string[], known: readonly string[]): CliCommand {
  const options = rest.filter((argument) => argument.startsWith('-'));
  const names = rest.filter((argument) => !argument.startsWith('-'));
  const unknownOption = options.find((option) => option !== '--all');
  if (unknownOption) return { kind: 'usage-error', message: messages.unknownOption(unknownOption) };
  if (options.length > 0) {
    return names.length === 0
      ? { kind: 'rebuild', names: known }
      : { kind: 'usage-error', message: messages.allWithNames };
  }
  if (names.length === 0) return { kind: 'usage-error', message: messages.missingProjection };
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0)
    return { kind: 'usage-error', message: messages.unknownProjections(unknown, known) };
  return { kind: 'rebuild', names: known.filter((name) => names.includes(name)) };
}
