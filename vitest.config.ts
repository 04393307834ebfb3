import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // CI collects JSON reports for its one-line summary (.ci/run); locally only the default output.
    reporters: process.env.VITEST_JSON_DIR ? ['default', 'json'] : ['default'],
    projects: [
      {
        test: {
          name: 'server',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium and one server at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
