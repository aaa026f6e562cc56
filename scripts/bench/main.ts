/**
 * `npm run bench [-- --patients 100000 --seed 1 --duration 10]`: see `--help` and the
 * README's "Desempenho" section. Asserts nothing; prints a table and writes latest.json.
 */
import { resolve } from 'node:path';
import { repoRoot } from './app-process.ts';
import { cleanUp, cleanUpOnSignals, stopping } from './cleanup.ts';
import { messages } from './messages.ts';
import { parseBenchArguments } from './options.ts';
import { writeResults } from './results.ts';
import { runBench } from './run-bench.ts';
import { resultsTable } from './table.ts';

const command = parseBenchArguments(process.argv.slice(2));
if (command.kind === 'help') {
  console.log(messages.help);
  process.exit(0);
}
if (command.kind === 'usage-error') {
  console.error(`${command.message}\n${messages.usageHint}`);
  process.exit(2);
}

cleanUpOnSignals();
try {
  const results = await runBench(command.options);
  const file = resolve(repoRoot, command.options.out);
  writeResults(file, results);
  console.log(`\n${resultsTable(results)}\n\n${messages.written(file)}`);
  process.exit(0);
} catch (error) {
  // After Ctrl-C the aborted requests fail too: the signal handler exits once all is stopped.
  if (stopping.signal.aborted) await new Promise(() => undefined);
  console.error(messages.failed(error instanceof Error ? (error.stack ?? error.message) : String(error)));
  await cleanUp();
  process.exit(1);
}
