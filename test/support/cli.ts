// Runs the real CLI (bin/wfe.js over dist/) as a child process.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/wfe.js', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], options: { input?: string; env?: Record<string, string>; cwd?: string } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd, env: { ...process.env, NO_COLOR: '1', ...options.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** One invocation for runClis: the arguments, or the arguments and the options of runCli. */
export type CliCall = string[] | { args: string[]; input?: string; env?: Record<string, string>; cwd?: string };

/**
 * Runs independent CLI invocations concurrently, at most `limit` at a time (the idle and I/O parts of one
 * overlap the others; more would only queue for the CPU). The results come in the order of the calls.
 */
export async function runClis(calls: CliCall[], limit = 4): Promise<CliRun[]> {
  const results: CliRun[] = new Array(calls.length);
  let next = 0;
  const worker = async () => {
    while (next < calls.length) {
      const i = next++;
      const call = calls[i];
      results[i] = await (Array.isArray(call) ? runCli(call) : runCli(call.args, call));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, calls.length) }, worker));
  return results;
}

export interface ServingChild {
  child: ChildProcessWithoutNullStreams;
  url: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Starts `wfe serve ... --port 0` (with `nodeArgs` for Node itself) and resolves once it printed its URL. */
export function startServeChild(args: string[], timeoutMs = 15_000, nodeArgs: string[] = []): Promise<ServingChild> {
  const child = spawn(process.execPath, [...nodeArgs, BIN, 'serve', ...args, '--port', '0'], { env: { ...process.env, NO_COLOR: '1' } });
  let out = '';
  let err = '';
  const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`wfe serve did not start: ${out} ${err}`)), timeoutMs);
    child.stderr.on('data', (d) => (err += d));
    child.stdout.on('data', (d) => {
      out += d;
      const match = /(http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1], stdout: () => out, stderr: () => err, exited });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`wfe serve exited with ${code}: ${out} ${err}`));
    });
  });
}
