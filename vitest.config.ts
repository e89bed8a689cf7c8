// vitest configuration: every test/**/*.test.ts; the CLI tests need dist/, which test/global-setup.ts
// rebuilds once per run when any source under src/ is newer than it.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
