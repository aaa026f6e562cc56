import { defineConfig } from 'vitest/config';

const globalSetup = ['services/db/src/testing/global-setup.ts'];

export default defineConfig({
  test: {
    // Real PostgreSQL and real HTTP: allow for a cold embedded server on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
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
          // Files in parallel like the other projects' (as many as the machine has cores), each
          // with its own app, database and browser: one at a time left a third of the two cores
          // idle (the project took 296 s alone, 225 s with two).
          testTimeout: 60_000,
        },
      },
    ],
  },
});
