import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    globalSetup: ['./test/support/global-setup.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two cores: servers, watchers and child processes compete; a few files at a time is steadier.
    maxWorkers: 2,
    // Worker threads that keep their loaded modules from one test file to the next: every file used to
    // load and transform src/ again (forks, isolated), about a third of the suite's CPU. No test mocks
    // modules or changes the working directory, the one that sets environment variables (runs-live) uses
    // names of its own and removes them, and the suite passes shuffled this way
    // (--sequence.shuffle, several seeds). 103 s -> 76 s here.
    pool: 'threads',
    isolate: false,
  },
});
