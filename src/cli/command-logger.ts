// What the batch commands say of their settings (a broken node type file, an invalid wfe.config.yaml) on
// stderr: a line in the CLI's own form, `wfe validate: warning: …`, not the server's timestamped log line.
import { createLogger, type Logger } from '../util/logger.js';
import { printable } from '../util/printable.js';
import { lineWriter, type Terminal } from './terminal.js';

const WORDS = { debug: 'debug', info: 'note', warn: 'warning', error: 'error' } as const;

export function commandLogger(terminal: Terminal, command: string): Logger {
  const say = lineWriter(terminal.stderr);
  return createLogger('warn', undefined, (level, message) => say(`wfe ${command}: ${WORDS[level]}: ${printable(message)}`));
}
