import { setFlagsFromString } from 'node:v8';
import { defineConfig } from 'vitest/config';

// The test workers run a great deal of code a few times each. On Node 20, V8 sent much of it to TurboFan on
// its background threads, about 28 s of CPU in a full run here, and the two cores are the suite's limit. With
// 15 times V8's default budget a function must run longer before it is optimised: the test process then took
// 70-75 s of CPU instead of 80-86 s. Newer V8s (Node 26) tier up by invocation counts, and raising those
// gained nothing there. Set before the workers start, it holds for their isolates; the CLI processes the tests
// start run with V8's defaults, as users run them.
if (Number(process.versions.v8.split('.')[0]) < 12) setFlagsFromString('--interrupt-budget=1000000');

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    globalSetup: ['./test/support/global-setup.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two cores, three workers: a third of each worker's time goes waiting (on the CLI processes it started,
    // fsyncs, timers), and a third worker fills much of it. Alternately on 2026-11-27: 2 workers 45.5-49.2 s,
    // 3 workers 42.9-44.9 s, 4 workers 46.7-47.0 s (each worker loads the modules again); CPU 79-85 s for all.
    maxWorkers: 3,
    // Worker threads that keep their loaded modules from one test file to the next: every file used to
    // load and transform src/ again (forks, isolated), about a third of the suite's CPU. No test mocks
    // modules or changes the working directory, the one that sets environment variables (runs-live) uses
    // names of its own and removes them, and the suite passes shuffled this way
    // (--sequence.shuffle, several seeds). 103 s -> 76 s here.
    pool: 'threads',
    isolate: false,
    // Transformed test and source modules kept on disk (node_modules/.experimental-vitest-cache, keyed by each
    // file's content) for the next run: summed over the files, transform 8.6 s -> 1.5 s and import 10.7 s ->
    // 6.5 s. The keys differ between Node 20 and 26 (the first run on the other Node transforms everything
    // again), so CI's runs on a fresh clone, one per Node, gain nothing from it.
    experimental: { fsModuleCache: true },
  },
});
