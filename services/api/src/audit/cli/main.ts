import { runAuditCli } from './cli.ts';

// `npm run audit -- verify`. Exits explicitly: the embedded PostgreSQL package hooks
// `beforeExit` and would otherwise turn every exit code into 0.
process.exit(await runAuditCli(process.argv.slice(2), { env: process.env }));
