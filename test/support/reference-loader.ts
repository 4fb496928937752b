// Oracle's reference Agent Spec loader (pyagentspec), run through the shared folder's `pyagentspec/load`:
// it needs AGENTSPEC_GIT and Python, which CI does not have, so every test that uses it asks first.
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedDir } from './shared.js';

const referenceLoader = join(sharedDir, 'pyagentspec', 'load');

/**
 * The temp folder the loader keeps its copy of pyagentspec in: the system's, not the test run's own (which
 * the global setup removes, and checks is left empty), so that the copy is made once, not at every run.
 */
export const loaderTempDir = (): string => process.env.WFE_TESTS_SYSTEM_TMPDIR ?? tmpdir();
const loaderEnv = (): NodeJS.ProcessEnv => ({ ...process.env, TMPDIR: loaderTempDir() });

export interface LoaderRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the loader on `files`: one `OK <file>` or `FAIL <file>: <reason>` line each on stdout. */
export function runReferenceLoader(files: string[]): LoaderRun {
  const run = spawnSync(referenceLoader, files, { encoding: 'utf8', env: loaderEnv(), maxBuffer: 64 * 1024 * 1024 });
  return { status: run.status, stdout: run.stdout ?? '', stderr: run.stderr ?? '' };
}

let probed: { reason: string | undefined } | undefined;

/**
 * Why the loader cannot run here (said once on stderr, so a skip is never silent), or undefined when it
 * can. Probed once per worker: starting Python costs about a second.
 */
export function referenceLoaderMissing(): string | undefined {
  if (probed) return probed.reason;
  const probe = spawnSync(referenceLoader, [], { encoding: 'utf8', env: loaderEnv() });
  let reason: string | undefined;
  if (probe.error) reason = `${referenceLoader} cannot run (${probe.error.message})`;
  else if (probe.status === 3) reason = `Oracle's pyagentspec is not on this machine: ${probe.stderr.trim() || 'set AGENTSPEC_GIT'}`;
  else if (probe.status !== 0) reason = `${referenceLoader} exited ${probe.status}: ${probe.stderr.trim()}`;
  if (reason) console.warn(`the tests that run Oracle's loader are skipped: ${reason}`);
  probed = { reason };
  return reason;
}
