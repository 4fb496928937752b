// What a command may touch of the process it runs in, given to it rather than taken from `process`: a test runs
// the whole CLI in its own process with an in-memory terminal, and relative paths resolve against `cwd` here,
// never against the process's working directory.
import { fstatSync, writeSync } from 'node:fs';
import { byteChunks, errnoCode } from '../util/narrow.js';

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

/** What a descriptor output needs of the stream it falls back on. */
interface FallbackStream {
  write(chunk: string | Uint8Array): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
}

/** The error of a write to a pipe whose reader has closed it. */
const readerLeft = (code: string | undefined): boolean => code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED';

/**
 * `wfe validate … | head` closes the pipe before wfe is done writing. The rest of the output has nowhere to
 * go, which is what the reader asked for: no stack trace, and the command still ends with its own exit code
 * (files written with -o are complete).
 */
function keepGoingWhenReaderLeaves<S extends FallbackStream>(stream: S): S {
  stream.on('error', (err) => {
    if (!readerLeft(errnoCode(err))) throw err;
  });
  return stream;
}

/** Whether descriptor `fd` is a pipe, a socket or a file: never a terminal. */
function pipeOrFile(fd: number): boolean {
  try {
    const stats = fstatSync(fd);
    return stats.isFIFO() || stats.isSocket() || stats.isFile();
  } catch {
    return false;
  }
}

/** What a descriptor output writes with: the descriptor's writes, and the stream to fall back on. */
export interface DescriptorWriter {
  /** Writes from `bytes` at `offset` to the descriptor, as fs.writeSync does: the count written, or throws. */
  writeSync(bytes: Buffer, offset: number): number;
  /** The process's stream for the same descriptor, made on first call. */
  stream(): FallbackStream;
}

/**
 * An output written to a pipe, socket or file descriptor directly and synchronously: while a blocking pipe is
 * full the write waits for its reader, as any filter's does (Node's stream would queue the text in memory). A
 * write the descriptor cannot take at once (a non-blocking pipe that is full) goes through the stream instead,
 * and every later one after it, in order; once the reader has left, output is dropped.
 */
export function descriptorOutput({ writeSync: write, stream }: DescriptorWriter): TerminalOutput {
  let through: FallbackStream | undefined;
  let gone = false;
  return {
    isTTY: false,
    write(text) {
      if (gone) return;
      if (through) return void through.write(text);
      const bytes = Buffer.from(text);
      for (let done = 0; done < bytes.length;) {
        try {
          done += write(bytes, done);
        } catch (err) {
          const code = errnoCode(err);
          if (readerLeft(code)) gone = true;
          else if (code === 'EAGAIN') (through = keepGoingWhenReaderLeaves(stream())).write(bytes.subarray(done));
          else throw err;
          return;
        }
      }
    },
  };
}

/**
 * stdout or stderr of this process. Node makes a stream the first time process.stdout is touched, and for a
 * pipe that loads its socket and stream modules: about 8 ms of CPU on Node 20, a sixth of what `wfe validate
 * one.json` added to a bare node in a git hook or a CI step. With `direct`, a pipe, socket or file is written
 * to directly (descriptorOutput); anything else (a terminal, which ink draws on; /dev/null) through the stream.
 */
function processOutput(fd: 1 | 2, stream: () => NodeJS.WriteStream, { direct }: { direct: boolean }): TerminalOutput {
  if (!direct || !pipeOrFile(fd)) return outputOf(keepGoingWhenReaderLeaves(stream()));
  return descriptorOutput({ writeSync: (bytes, offset) => writeSync(fd, bytes, offset), stream });
}

/** Writes each line given to `output`, ended: what loggers, progress and reports that work in lines take. */
export const lineWriter =
  (output: Terminal['stderr']) =>
  (line: string): void =>
    output.write(line + '\n');

export interface ProcessTerminalOptions {
  /**
   * Write to a pipe, socket or file with the descriptor's own writes, which wait while a pipe is full: right
   * for a command that ends, as for any filter whose reader is slow. A server must not: its event loop would
   * stall on a reader that does not read (Node's streams queue the text instead). Default true.
   */
  directWrites?: boolean;
}

/** The terminal of this process: its streams, working directory and environment. */
export function processTerminal({ directWrites = true }: ProcessTerminalOptions = {}): Terminal {
  return {
    stdout: processOutput(1, () => process.stdout, { direct: directWrites }),
    stderr: processOutput(2, () => process.stderr, { direct: directWrites }),
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
