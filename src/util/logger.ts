// Log lines go to stderr so stdout stays free for machine-readable output.
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

const order: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/**
 * Lines at or above `level`: formatted as "<time> LEVEL message" for `write`, or handed over whole to
 * `emit` (the serve dashboard and JSON logs format them themselves).
 */
export function createLogger(
  level: LogLevel = 'info',
  write: (line: string) => void = (l) => process.stderr.write(l + '\n'),
  emit?: (level: LogLevel, message: string) => void,
): Logger {
  const at = (lvl: LogLevel) => (message: string) => {
    if (order[lvl] < order[level]) return;
    if (emit) emit(lvl, message);
    else write(`${new Date().toISOString()} ${lvl.toUpperCase().padEnd(5)} ${message}`);
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
