// What a command may touch of the process it runs in, given to it rather than taken from `process`: a test runs
// the whole CLI in its own process with an in-memory terminal, and relative paths resolve against `cwd` here,
// never against the process's working directory.
import { byteChunks } from '../util/narrow.js';

interface TerminalOutput {
  write(text: string): void;
  readonly isTTY: boolean;
  /** The process's own stream, when this output is one: ink draws on it, and help wraps at its width. */
  readonly stream?: NodeJS.WriteStream;
}

export interface Terminal {
  readonly stdout: TerminalOutput;
  readonly stderr: TerminalOutput;
  /** Read at most once per run (`-` given twice reads the same text). */
  readonly stdin: AsyncIterable<Buffer>;
  /** What relative paths in arguments are relative to. */
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * Ctrl-C (SIGINT) or SIGTERM calls `stop` with the signal, each time one comes, instead of ending the process
   * at once (`wfe validate --watch` ends with its last result, `wfe serve` finishes its writes). A terminal that
   * is not the process's is never interrupted.
   */
  onInterrupt(stop: (signal: InterruptSignal) => void): void;
  /**
   * Ends the process now, with `code` or the exit code set so far: a command that must not outlive a deadline
   * (`wfe serve` stopping) or a second Ctrl-C. A terminal that is not the process's has no process to end: the
   * command's own promise is what ends its run.
   */
  exitNow(code?: number): void;
}

export type InterruptSignal = 'SIGINT' | 'SIGTERM';

/** The exit code of a process the signal ended, as a shell reports it (128 + its number): Ctrl-C's for anything but SIGTERM. */
export const exitCodeFor = (signal: string): number => (signal === 'SIGTERM' ? 143 : 130);

const outputOf = (stream: NodeJS.WriteStream): TerminalOutput => ({
  write: (text) => void stream.write(text),
  isTTY: stream.isTTY === true,
  stream,
});

/** Writes each line given to `output`, ended: what loggers, progress and reports that work in lines take. */
export const lineWriter =
  (output: Terminal['stderr']) =>
  (line: string): void =>
    output.write(line + '\n');

/** The terminal of this process: its streams, working directory and environment. */
export function processTerminal(): Terminal {
  return {
    stdout: outputOf(process.stdout),
    stderr: outputOf(process.stderr),
    // Only when read: touching process.stdin opens it (a stream over a file or pipe), which most runs never need.
    get stdin() {
      return byteChunks(process.stdin);
    },
    cwd: process.cwd(),
    env: process.env,
    onInterrupt(stop) {
      process.removeAllListeners('SIGINT');
      process.removeAllListeners('SIGTERM');
      process.on('SIGINT', () => stop('SIGINT'));
      process.on('SIGTERM', () => stop('SIGTERM'));
    },
    exitNow: (code) => process.exit(code),
  };
}
