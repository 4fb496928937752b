// What keeps a test file independent of the order of its tests (vitest --sequence.shuffle): state that
// several tests need is made by a lazily-memoised fixture that whichever test comes first creates, and a
// check over the whole file runs after the last test, whatever that one was.
import { afterAll, type RunnerTask } from 'vitest';

/**
 * A fixture made on first use: every call returns the promise of the first one (its failure included, so a
 * broken fixture fails each test that needs it, not only the first).
 */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

function testsOf(task: RunnerTask): RunnerTask[] {
  return task.type === 'test' ? [task] : task.tasks.flatMap(testsOf);
}

/**
 * Runs check() after every test of the file, in any order: a top-level afterAll, whose failure fails the
 * file. Call it at the top level of the test file. When some tests of the file did not run (filtered with
 * -t or .only, or skipped: vitest does not tell these apart), the check is left out, with a warning: it
 * could not tell what the tests that did not run would have done.
 */
export function afterAllTests(what: string, check: () => void | Promise<void>): void {
  // vitest reads the first parameter's destructuring pattern for the fixtures it needs: none here.
  // eslint-disable-next-line no-empty-pattern
  afterAll(async ({}, file) => {
    const notRun = testsOf(file).filter((test) => test.mode !== 'run' || test.result?.state === undefined || test.result.state === 'skip');
    if (notRun.length > 0) {
      console.warn(`${file.name}: ${what} left out: ${notRun.length} of its tests did not run (-t, .only or .skip)`);
      return;
    }
    await check();
  });
}
