import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const globalSetup = ['services/db/src/testing/global-setup.ts'];

export default defineConfig({
  test: {
    // Real PostgreSQL and real HTTP: allow for a cold embedded server on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default leaves one core to itself (cores − 1): one file at a time on a 2-core
    // machine, which then sat half idle, since most files wait on PostgreSQL, the disk or a
    // browser (CI 781 s of tests with one worker, 506 s with two; three timed out a browser test).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['**/src/**/*.unit.test.ts', '**/test/**/*.unit.test.ts', 'scripts/**/*.unit.test.ts'],
          exclude: ['**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['**/src/**/*.int.test.ts', '**/test/**/*.int.test.ts', 'scripts/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['web/e2e/**/*.e2e.test.ts'],
          globalSetup: [...globalSetup, 'web/e2e/support/global-setup.ts'],
          // Files in parallel like the other projects' (see maxWorkers), each with its own app,
          // database and browser.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
