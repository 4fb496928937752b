import { InvalidArgumentError, Option, type Command } from 'commander';
import type { AuthOptions } from '../server/options.js';
import type { LogLevel } from '../util/logger.js';

export interface ServeFlags extends AuthOptions {
  port: number;
  host: string;
  basePath: string;
  watch: boolean;
  poll: boolean;
  maxBody: number;
  stepDelay: number;
  maxSteps: number;
  waitingStatus: 'idle' | 'awaiting_input';
  runtime?: string;
  corsOrigin?: string[];
  logLevel: LogLevel;
  logFormat: 'auto' | 'pretty' | 'json';
}

const parsePort = (value: string): number => {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('must be an integer from 0 to 65535 (0 picks a free port).');
  return port;
};

/** "10mb", "512kb", "1048576" → bytes. */
export const parseSize = (value: string): number => {
  const match = /^(\d+(?:\.\d+)?)\s*(b|kb|k|mb|m|gb|g)?$/i.exec(value.trim());
  if (!match) throw new InvalidArgumentError('must be a size such as 10mb, 512kb or 1048576.');
  const unit = (match[2] ?? 'b').toLowerCase()[0];
  const factor = unit === 'k' ? 1024 : unit === 'm' ? 1024 ** 2 : unit === 'g' ? 1024 ** 3 : 1;
  return Math.floor(Number(match[1]) * factor);
};

const parseCount =
  (flag: string, min: number) =>
  (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`${flag} must be a whole number of at least ${min}.`);
    return n;
  };

const parseUrl = (value: string): string => {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
    return value;
  } catch {
    throw new InvalidArgumentError('must be an http(s) URL, e.g. http://127.0.0.1:8000');
  }
};

const collect = (value: string, previous: string[] = []): string[] => [...previous, ...value.split(',').map((v) => v.trim()).filter(Boolean)];

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Serve a folder of workflow files to the FlowDrop editor (REST under --base-path).')
    .argument('[dir]', 'the workflow folder (created if missing)', './workflows')
    .option('-p, --port <port>', 'port to listen on (0 = any free port)', parsePort, 3000)
    .option('-H, --host <host>', 'interface to bind; use 0.0.0.0 to expose on the network', '127.0.0.1')
    .option('-b, --base-path <path>', 'path prefix of every route', '/api/flowdrop')
    .option('--no-watch', 'do not reload files edited on disk (default: watch)')
    .option('--poll', 'watch by polling (Docker bind mounts, WSL, NFS, Vagrant)', false)
    .option('--max-body <size>', 'largest accepted request body', parseSize, 10 * 1024 * 1024)
    .optionsGroup('Runs (built-in simulated engine):')
    .option('--step-delay <ms>', 'pause before each node of a run, so the editor shows progress', parseCount('--step-delay', 0), 250)
    .option('--max-steps <n>', 'fail a run after this many node executions (stops runaway loops)', parseCount('--max-steps', 1), 10_000)
    .option('--runtime <url>', 'run workflows on an external Agent Spec runtime (POST <url>/flows/execute…) instead of the built-in engine', parseUrl)
    .addOption(
      new Option('--waiting-status <status>', 'playground session status while a run waits for an interrupt (the editor also knows awaiting_input)')
        .choices(['idle', 'awaiting_input'])
        .default('idle'),
    )
    .optionsGroup('Authentication (default: none):')
    .option('--token <token>', 'require Authorization: Bearer <token> (read and write)')
    .option('--read-token <token>', 'also accept this bearer token for reading only (403 on writes)')
    .option('--jwt-secret <secret>', 'accept HS256/384/512 JWTs signed with this secret')
    .option('--jwks <file>', 'accept JWTs signed by a key in this JWKS file')
    .option('--write-scope <scope>', 'JWT scope that grants write access', 'write')
    .option('--session <value>', 'accept a SESS* session cookie with this value (read and write)')
    .optionsGroup('CORS:')
    .option('--cors-origin <origins>', 'allowed origins, comma-separated or repeated; * for any (default: any origin while bound to loopback)', collect)
    .optionsGroup('Output:')
    .addOption(new Option('--log-level <level>', 'log verbosity').choices(['debug', 'info', 'warn', 'error']).default('info'))
    .addOption(
      new Option('--log-format <format>', 'auto: a live dashboard on a terminal, plain lines otherwise (pipes, CI); pretty: always plain lines; json: one JSON object per line')
        .choices(['auto', 'pretty', 'json'])
        .default('auto'),
    )
    .addHelpText(
      'after',
      '\nThe folder:\n' +
        '  *.json              one workflow per file, any depth (hidden folders, node_modules/, nodes/ and .wfe/ skipped)\n' +
        '  nodes/*.json|yaml   extra or overriding node types\n' +
        '  wfe.config.yaml     categories, portDataTypes, compatibilityRules, defaultDataType\n' +
        '  .wfe/backups/       disk edits that a save replaced (nothing is lost)\n' +
        '  .wfe/runs/, .wfe/sessions/   run history and playground conversations (survive restarts)\n' +
        '\nEnvironment: CHOKIDAR_USEPOLLING=1 is the same as --poll.\n' +
        '\nExamples:\n' +
        '  $ wfe serve                                   serve ./workflows at http://127.0.0.1:3000/api/flowdrop\n' +
        '  $ wfe serve flows --port 8080 --step-delay 0  fast runs, another port\n' +
        '  $ wfe serve flows --token s3cret --read-token viewer\n' +
        '  $ wfe serve flows --host 0.0.0.0 --cors-origin https://editor.example.com\n' +
        '  $ wfe serve flows --log-format json > ready.json 2> events.jsonl\n',
    )
    .action(async (dir: string, flags: ServeFlags) => {
      // Loaded on demand: the server, ink and react cost ~0.5 s of start-up the other commands don't need.
      const { serve } = await import('./serve-run.js');
      await serve(dir, flags);
    });
}
