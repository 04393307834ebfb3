import { defineConfig } from 'vitest/config';
import { firstTexts } from './web/i18n-build/first-texts.ts';

export default defineConfig({
  test: {
    // CI collects JSON reports for its one-line summary (.ci/run); locally only the default output.
    reporters: process.env.VITEST_JSON_DIR ? ['default', 'json'] : ['default'],
    projects: [
      {
        // Web modules under test import the first screens' texts (web/lib/i18n.ts).
        plugins: [firstTexts()],
        test: {
          name: 'server',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.ts'],
          // Multi-process tests need a shared PostgreSQL and Redis: they run in CI's second pass
          // (DATABASE_URL and REDIS_URL set), not against the embedded database.
          exclude: [
            '**/node_modules/**',
            '**/dist/**',
            ...(process.env.DATABASE_URL && process.env.REDIS_URL ? [] : ['**/*.redis.test.ts']),
          ],
          environment: 'node',
          // Migrates the run's template database once; each file starts from a copy of it.
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium and one server at a time: the machine has two cores.
          fileParallelism: false,
          // The files run one after another in one process, which imports the app once, not once
          // per file (about 3 s of CPU each, and a server whose code is compiled afresh each
          // time). Each file still starts its own server on its own copy of the demo template and
          // its own Chromium (e2e/harness.ts); what the app keeps at module level is either keyed
          // by what it holds (the empty page shell by build folder, a room's members by room id)
          // or the same in every copy (the cities).
          isolate: false,
        },
      },
    ],
  },
});
