import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: { root: '/work/main', include: ['.csp-tmp/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false },
});
