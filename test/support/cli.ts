// Runs the CLI: in this process by default (run() on an in-memory terminal), or as a child process (bin/wfe.js
// over dist/) for what only a real process shows: signals, pipes and terminals, worker threads, the bundles,
// start-up, NODE_OPTIONS.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { run } from '../../src/cli/program.js';
import type { InterruptSignal, Terminal } from '../../src/cli/terminal.js';

export const BIN = fileURLToPath(new URL('../../bin/wfe.js', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** What stdin holds (none: empty). */
  input?: string;
  /** Added to a copy of this process's environment, after NO_COLOR=1. */
  env?: Record<string, string>;
  /** The working directory (default: this process's). */
  cwd?: string;
}

/** An in-memory terminal: what the run writes is kept, stdin holds `input`, and the interrupt is the caller's. */
function memoryTerminal(options: CliOptions & { onStdout?: (all: string) => void; onInterrupt?: Terminal['onInterrupt'] } = {}) {
  let stdout = '';
  let stderr = '';
  const { input } = options;
  const terminal: Terminal = {
    stdout: {
      write: (text) => {
        stdout += text;
        options.onStdout?.(stdout);
      },
      isTTY: false,
    },
    stderr: { write: (text) => void (stderr += text), isTTY: false },
    stdin: (async function* () {
      if (input) yield Buffer.from(input);
    })(),
    cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    onInterrupt: options.onInterrupt ?? (() => {}),
    exitNow() {},
  };
  return { terminal, stdout: () => stdout, stderr: () => stderr };
}

/** `wfe <args>` in this process, with its output captured; nothing of this process is changed. */
export async function runCli(args: string[], options: CliOptions = {}): Promise<CliRun> {
  const { terminal, stdout, stderr } = memoryTerminal(options);
  const code = await run([process.execPath, BIN, ...args], terminal);
  return { code, stdout: stdout(), stderr: stderr() };
}

/** `wfe <args>` as a child process, for what only a real process shows. */
export function runCliProcess(args: string[], options: CliOptions = {}): Promise<CliRun> {
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
export type CliCall = string[] | ({ args: string[] } & CliOptions);

/**
 * Runs independent CLI invocations concurrently, at most `limit` at a time (`runOne`: in this process by
 * default, or runCliProcess). The results come in the order of the calls.
 */
export async function runClis(
  calls: CliCall[],
  { limit = 4, runOne = runCli }: { limit?: number; runOne?: typeof runCli } = {},
): Promise<CliRun[]> {
  const results: CliRun[] = new Array(calls.length);
  let next = 0;
  const worker = async () => {
    while (next < calls.length) {
      const i = next++;
      const call = calls[i];
      results[i] = await (Array.isArray(call) ? runOne(call) : runOne(call.args, call));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, calls.length) }, worker));
  return results;
}
export interface ServingInProcess {
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** What SIGTERM does to the process; resolves with the exit code. */
  stop: () => Promise<number>;
}

/**
 * `wfe serve ... --port 0` in this process (run() on an in-memory terminal), resolved once it printed its URL:
 * its output as a child process would print it, without starting one (about half a second of CPU each).
 */
export async function serveInProcess(args: string[], timeoutMs = 15_000): Promise<ServingInProcess> {
  let interrupt: ((signal: InterruptSignal) => void) | undefined;
  let printed: (url: string) => void = () => {};
  const urlPrinted = new Promise<string>((resolve) => (printed = resolve));
  const { terminal, stdout, stderr } = memoryTerminal({
    onStdout: (all) => {
      const match = /(http:\/\/\S+)/.exec(all);
      if (match) printed(match[1]);
    },
    onInterrupt: (stop) => (interrupt = stop),
  });
  const exited = run([process.execPath, BIN, 'serve', ...args, '--port', '0'], terminal);
  const output = () => `${stdout()} ${stderr()}`;
  let timer: NodeJS.Timeout | undefined;
  const url = await Promise.race([
    urlPrinted,
    exited.then((code) => Promise.reject(new Error(`wfe serve exited with ${code}: ${output()}`))),
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`wfe serve did not start: ${output()}`)), timeoutMs))),
  ]).finally(() => clearTimeout(timer));
  return {
    url,
    stdout,
    stderr,
    stop: () => {
      if (!interrupt) return Promise.reject(new Error('wfe serve asked for no interrupt'));
      interrupt('SIGTERM');
      return exited;
    },
  };
}

export interface ServingChild {
  child: ChildProcessWithoutNullStreams;
  url: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

export interface ServeChildOptions {
  /** How long it may take to print its URL (default 15 s). */
  timeoutMs?: number;
  /** Arguments for Node itself, before bin/wfe.js. */
  nodeArgs?: string[];
  /** Added to a copy of this process's environment, after NO_COLOR=1. */
  env?: Record<string, string>;
}

const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((path) => existsSync(path));

/**
 * `command args` started so that it is killed when the thread that starts it ends: a test runner that dies
 * without its teardown (a V8 abort, an out-of-memory kill) left its servers running. Linux's parent-death
 * signal, set by util-linux's setpriv, which then runs the command in its own place (the same pid).
 */
export function diesWithRunner(command: string, args: string[]): [string, string[]] {
  return SETPRIV ? [SETPRIV, ['--pdeathsig', 'SIGKILL', command, ...args]] : [command, args];
}

/** Starts `wfe serve ... --port 0` as a child process and resolves once it printed its URL. */
export function startServeChild(args: string[], { timeoutMs = 15_000, nodeArgs = [], env }: ServeChildOptions = {}): Promise<ServingChild> {
  const child = spawn(...diesWithRunner(process.execPath, [...nodeArgs, BIN, 'serve', ...args, '--port', '0']), {
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
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
