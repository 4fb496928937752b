// `serverTest` is vitest's `test` with a `server` fixture: a function that starts the real server (see
// harness.ts) with the files and options given, as often as a test needs. Each server started is closed,
// and the temp folder it made removed, when the test ends, passed or failed, so a test file needs no
// afterEach of its own for them.
import { rm } from 'node:fs/promises';
import { onTestFinished, test } from 'vitest';
import { startServer, tempDir, type Harness, type StartOptions } from './harness.js';

export type StartServer = (options?: StartOptions) => Promise<Harness>;

export const serverTest = test.extend<{ server: StartServer }>({
  // vitest reads a fixture's first parameter as the fixtures it depends on, and only as a pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => {
    const started: Harness[] = [];
    await use(async (options) => {
      const harness = await startServer(options);
      started.push(harness);
      return harness;
    });
    // Last started, first closed: a later server may have been started over an earlier one's folder. One
    // that fails to close does not keep the others open.
    const failures: unknown[] = [];
    for (const harness of started.reverse()) await harness.close().catch((err: unknown) => failures.push(err));
    if (failures.length > 0) throw failures[0];
  },
});

/**
 * A temp folder of a test's own (for servers started over it: a restart, a folder made before the server),
 * removed when the test ends, and only after its servers are closed: vitest runs afterEach hooks before it tears
 * down fixtures, so a folder removed there went while a server still wrote into it (ENOTEMPTY, now and then);
 * onTestFinished runs after the teardown.
 */
export async function testFolder(prefix?: string): Promise<string> {
  const dir = await tempDir(prefix);
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}
