import { runCli } from './cli.ts';

// `npm run projections -- <command>`: see `--help`. Exits explicitly: the embedded
// PostgreSQL package hooks `beforeExit` and would otherwise turn every exit code into 0.
process.exit(await runCli(process.argv.slice(2), { env: process.env }));
