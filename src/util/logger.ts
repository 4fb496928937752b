// Log lines go to stderr so stdout stays free for machine-readable output.
import { printable } from './printable.js';
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

const order: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Whether a line at `level` passes a logger set to `threshold`. */
export const levelEnabled = (threshold: LogLevel, level: LogLevel): boolean => order[level] >= order[threshold];

/**
 * Lines at or above `level`: formatted as "<time> LEVEL message" for `write`, or handed over whole to
 * `emit` (the serve dashboard and JSON logs format them themselves).
 */
export function createLogger(
  level: LogLevel = 'info',
  write: (line: string) => void = (l) => process.stderr.write(l + '\n'),
  emit?: (level: LogLevel, message: string) => void,
): Logger {
  const off = () => {};
  // A level below the threshold is a no-op function: nothing is checked or formatted per call.
  const at = (lvl: LogLevel) =>
    !levelEnabled(level, lvl)
      ? off
      : emit
        ? (message: string) => emit(lvl, message)
        : (message: string) => write(`${new Date().toISOString()} ${lvl.toUpperCase().padEnd(5)} ${printable(message)}`);
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
