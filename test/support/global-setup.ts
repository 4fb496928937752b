// Before any test file runs: builds dist/ (tsc's output and the command bundles bin/wfe.js starts from) once,
// so the CLI tests (which spawn bin/wfe.js) never run a stale build, however vitest was started (npm test,
// npx vitest run test/x.test.ts, an editor plugin); and gives the run a temp folder of its own, which it
// removes at the end, failing the run if a test left anything in it. A run that ended without its teardown
// (a V8 abort, a kill) leaves its folder: the next run removes it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { errnoCode } from '../../src/util/narrow.js';

/**
 * What the CLI keeps in the temp folder by design: its V8 code cache (bin/code-cache.js), and on Node 22.1 and
 * newer the compile cache of module.enableCompileCache() (bin/wfe.js).
 */
const KEPT_BY_THE_CLI = /^(wfe-code-cache-|node-compile-cache$)/;

export default function setup(): () => void {
  // Where it is set (this workplace sets it for the package registry), every Node process parses the whole CA
  // bundle at start: about 50 ms of each of the ~150 CLI processes the tests spawn. No test makes a TLS
  // connection, so the test workers and their children go without it.
  delete process.env.NODE_EXTRA_CA_CERTS;
  // A failed build ends the run here, before the temp folder exists: no teardown would remove it.
  build(resolve(import.meta.dirname, '..', '..'));
  // os.tmpdir() of the test workers (started after this) and of every process they start; the system's stays
  // known, for Oracle's loader, which keeps a copy of pyagentspec there (test/support/reference-loader.ts).
  process.env.WFE_TESTS_SYSTEM_TMPDIR ??= tmpdir();
  removeAbandoned(tmpdir());
  // The runner's pid in the name says whether the run is still going.
  const temp = mkdtempSync(join(tmpdir(), `wfe-tests-${process.pid}-`));
  process.env.TMPDIR = temp;
  return () => {
    const left = readdirSync(temp).filter((name) => !KEPT_BY_THE_CLI.test(name));
    rmSync(temp, { recursive: true, force: true });
    if (left.length === 0) return;
    // vitest reports an error thrown here but still exits with 0: the exit code is set instead.
    console.error(`\nThe tests left ${left.length} entries in their temp folder: ${left.sort().join(', ')}`);
    process.exitCode = 1;
  };
}

/** Removes the temp folders of earlier runs whose runner no longer lives (they ended without their teardown). */
function removeAbandoned(parent: string): void {
  for (const name of readdirSync(parent)) {
    const pid = /^wfe-tests-(\d+)-/.exec(name)?.[1];
    if (pid !== undefined && !alive(Number(pid))) rmSync(join(parent, name), { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it lives, as another user's process.
    return errnoCode(err) === 'EPERM';
  }
}

function build(root: string): void {
  const stamp = join(root, 'dist', '.tsbuildinfo');
  // tsc takes about 3 s even when it has nothing to do; `npm ci` has just built, so CI usually skips it.
  // The bundles are built from src/ by esbuild (about 1 s), after tsc, as `npm run build` does.
  if (builtAfterInputs(root, stamp) && builtAfterInputs(root, join(root, 'dist', 'bundle', 'validate.cjs'))) return;
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });
    execFileSync(process.execPath, [join(root, 'scripts', 'bundle.mjs')], { cwd: root, stdio: 'inherit' });
  } catch {
    // A failed build still writes its stamp: age it, so the next run builds (and fails) again.
    if (mtimeOf(stamp) !== undefined) utimesSync(stamp, 0, 0);
    // vitest fails while mapping the stack of an error thrown here ("code.charCodeAt is not a function"),
    // which hid the reason: one without frames is printed as it is. tsc's own messages are above.
    const failed = new Error('the build of dist/ failed: see the messages of tsc or of scripts/bundle.mjs above');
    failed.stack = failed.message;
    throw failed;
  }
  // An incremental build that finds nothing to emit leaves its stamp as it was.
  const now = new Date();
  utimesSync(stamp, now, now);
}

/**
 * Whether the last build is newer than every source file and folder (a folder's time changes when a file in
 * it is added, removed or renamed), the compiler options and the installed packages: what `make` checks.
 */
function builtAfterInputs(root: string, stamp: string): boolean {
  const built = mtimeOf(stamp);
  if (built === undefined) return false;
  const src = join(root, 'src');
  const inputs = [
    join(root, 'tsconfig.json'),
    join(root, 'package-lock.json'),
    src,
    ...readdirSync(src, { recursive: true, encoding: 'utf8' }).map((entry) => join(src, entry)),
  ];
  return inputs.every((input) => (mtimeOf(input) ?? Infinity) < built);
}

function mtimeOf(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}
