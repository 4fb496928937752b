import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CommandRun } from './command-run.js';
import { InvalidArgumentError, Option, type Command } from './commander.js';
import { normaliseAllowedHost, normaliseOrigin } from '../server/guard.js';
import { isLoopback } from '../util/loopback.js';
import { errorMessage } from '../util/narrow.js';
import { errorText } from './error-text.js';
import { wholeNumber } from './whole-number.js';
import type { ServeFlags } from './serve-flags.js';

const parsePort = (value: string): number => {
  const port = wholeNumber(value);
  if (port === undefined || port > 65535) throw new InvalidArgumentError('must be an integer from 0 to 65535 (0 picks a free port).');
  return port;
};

/** "10mb", "512kb", "1048576" → bytes. */
export const parseSize = (value: string): number => {
  const match = /^(\d+(?:\.\d+)?)\s*(b|kb|k|mb|m|gb|g)?$/i.exec(value.trim());
  if (!match) throw new InvalidArgumentError('must be a size such as 10mb, 512kb or 1048576.');
  const unit = (match[2] ?? 'b').toLowerCase()[0];
  const factor = unit === 'k' ? 1024 : unit === 'm' ? 1024 ** 2 : unit === 'g' ? 1024 ** 3 : 1;
  const bytes = Math.floor(Number(match[1]) * factor);
  // Below a kilobyte not even an empty workflow's save fits: every write would be refused with 413.
  if (bytes < 1024) throw new InvalidArgumentError('must be at least 1kb (a smaller limit refuses every save).');
  return bytes;
};

/**
 * "/api/flowdrop": the prefix of every route, as a browser sends it: segments of characters a URL path holds
 * as they are (no space or other character it would percent-encode), none of them `.` or `..`.
 */
const parseBasePath = (value: string): string => {
  if (value === '') return value;
  const segments = value.split('/').slice(1);
  // An empty segment (`//x`, `/x//y`) is one no router matches: the server would answer 404 to everything.
  if (
    !value.startsWith('/') ||
    segments.some((s, i) => s === '.' || s === '..' || (s === '' && i < segments.length - 1) || !/^[A-Za-z0-9._~!$&'()*+,;=:@-]*$/.test(s))
  )
    throw new InvalidArgumentError(
      'must be a URL path such as /api/flowdrop: starting with /, of letters, digits and - . _ ~ (no spaces, no empty, . or .. segments).',
    );
  return value;
};

const parseCount =
  (flag: string, min: number) =>
  (value: string): number => {
    const n = wholeNumber(value);
    if (n === undefined || n < min) throw new InvalidArgumentError(`${flag} must be a whole number of at least ${min}.`);
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

/** A repeatable, comma-separated flag; each value checked by `check` (which throws on a bad one). */
const collect =
  (check: (value: string) => string) =>
  (value: string, previous: string[] = []): string[] => {
    const values = value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    try {
      return [...previous, ...values.map(check)];
    } catch (err) {
      throw new InvalidArgumentError(errorMessage(err));
    }
  };

/** Printed at start-up: a server beyond loopback without auth is open to everyone who can reach it. */
export function exposureWarning({ host, authenticated }: { host: string; authenticated: boolean }): string | undefined {
  if (isLoopback(host) || authenticated) return undefined;
  return `listening on ${host} without --token, --jwt-secret, --jwks or --session: anyone on the network can read, change and delete every workflow`;
}

/** A missing folder is most often a typo: say so, rather than serve an empty folder created for it. */
async function folderProblem(dir: string, cwd: string): Promise<string | undefined> {
  const info = await stat(resolve(cwd, dir)).catch((err: NodeJS.ErrnoException) => err);
  if (info instanceof Error) {
    if (info.code !== 'ENOENT') return errorText(info, { file: dir, cwd });
    return `there is no folder ${dir}. Check the path, or create a folder with sample workflows: wfe init ${dir}`;
  }
  return info.isDirectory() ? undefined : `${dir} is a file; give the folder of your workflow files (wfe serve <folder>)`;
}

export function registerServeCommand(program: Command, { terminal, exitWith }: CommandRun): void {
  program
    .command('serve')
    .description('Serve a folder of workflow files to the FlowDrop editor (REST under --base-path).')
    .argument('[dir]', 'the workflow folder (wfe init creates one)', './workflows')
    .option('-p, --port <port>', 'port to listen on (0 = any free port)', parsePort, 3000)
    .option('-H, --host <host>', 'interface to bind; use 0.0.0.0 to expose on the network', '127.0.0.1')
    .option('-b, --base-path <path>', 'path prefix of every route', parseBasePath, '/api/flowdrop')
    .option('--no-watch', 'do not reload files edited on disk (default: watch)')
    .option(
      '--ignore <glob>',
      'also skip files that match this glob (beside package.json, lockfiles, tsconfig*, dot-folders and node_modules/, and ignore: of wfe.config.yaml); repeatable',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option('--poll', 'watch by polling (Docker bind mounts, WSL, NFS, Vagrant)', false)
    .option('--max-body <size>', 'largest accepted request body', parseSize, 10 * 1024 * 1024)
    .optionsGroup('Runs (built-in simulated engine):')
    .option('--step-delay <ms>', 'pause before each node of a run, so the editor shows progress', parseCount('--step-delay', 0), 250)
    .option(
      '--max-steps <n>',
      'fail a run after this many steps, node executions and skips alike (stops runaway loops)',
      parseCount('--max-steps', 1),
      10_000,
    )
    .option(
      '--runtime <url>',
      'run workflows on an external Agent Spec runtime (POST <url>/flows/execute…) instead of the built-in engine',
      parseUrl,
    )
    .option(
      '--live',
      'model and agent nodes call the endpoints their configs name, HTTP nodes the hosts runs.allowHosts of wfe.config.yaml lists (keys only from the environment variables runs.keys names)',
      false,
    )
    .addOption(
      new Option(
        '--waiting-status <status>',
        'playground session status while a run waits for an interrupt (the editor also knows awaiting_input)',
      )
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
    .optionsGroup('Browser access (CORS, DNS rebinding):')
    .option(
      '--cors-origin <origins>',
      'also allow pages of these origins, comma-separated or repeated; * for any origin, without credentials (default: loopback origins only, any port)',
      collect(normaliseOrigin),
    )
    .option(
      '--allowed-host <names>',
      'also accept these Host names, comma-separated or repeated; .example.com allows subdomains too (default: loopback names only while bound to loopback, any Host otherwise)',
      collect(normaliseAllowedHost),
    )
    .optionsGroup('Output:')
    .addOption(new Option('--log-level <level>', 'log verbosity').choices(['debug', 'info', 'warn', 'error']).default('info'))
    .addOption(
      new Option(
        '--log-format <format>',
        'auto: a live dashboard on a terminal, plain lines otherwise (pipes, CI); pretty: always plain lines; json: one JSON object per line',
      )
        .choices(['auto', 'pretty', 'json'])
        .default('auto'),
    )
    .addHelpText(
      'after',
      '\nThe folder:\n' +
        '  *.json              one workflow per file, any depth (skipped: hidden files and folders, node_modules/, nodes/, .wfe/,\n' +
        '                      package.json, lockfiles, tsconfig*.json and other tool configs)\n' +
        '  nodes/*.json|yaml   extra or overriding node types\n' +
        '  wfe.config.yaml     categories, portDataTypes, compatibilityRules, defaultDataType\n' +
        '  .wfe/backups/       disk edits that a save replaced (nothing is lost)\n' +
        '  .wfe/trash/         deleted workflows (move one back to undo the delete)\n' +
        '  .wfe/runs/, .wfe/sessions/   run history and playground conversations (survive restarts)\n' +
        '\nBrowser access: pages on loopback origins (http://localhost:5173, http://127.0.0.1:8080…) and --cors-origin ones\n' +
        'get CORS with credentials; a POST, PUT, PATCH or DELETE from any other origin gets 403, and so does a Host\n' +
        'that is not a loopback or --allowed-host name while bound to loopback.\n' +
        '\nEnvironment: CHOKIDAR_USEPOLLING=1 is the same as --poll.\n' +
        '\nExamples:\n' +
        '  $ wfe serve                                   serve ./workflows at http://127.0.0.1:3000/api/flowdrop\n' +
        '  $ wfe serve flows --port 8080 --step-delay 0  fast runs, another port\n' +
        '  $ wfe serve flows --token s3cret --read-token viewer\n' +
        '  $ wfe serve flows --cors-origin https://editor.example.com --cors-origin https://staging.example.com\n' +
        '  $ wfe serve flows --allowed-host wfe.test      reached as http://wfe.test:3000 (an /etc/hosts name)\n' +
        '  $ wfe serve flows --host 0.0.0.0 --token s3cret --allowed-host .lan\n' +
        '  $ wfe serve flows --log-format json > ready.json 2> events.jsonl\n',
    )
    .action(async (dir: string, flags: ServeFlags) => {
      const problem = await folderProblem(dir, terminal.cwd);
      if (problem) {
        terminal.stderr.write(`wfe serve: ${problem}\n`);
        exitWith(2);
        return;
      }
      // Loaded on demand: the server, ink and react cost ~0.5 s of start-up the other commands don't need.
      const [{ serve }, { authEnabled }, { jsonLine, prettyLine }] = await Promise.all([
        import('./serve-run.js'),
        import('../server/auth.js'),
        import('./ui/event-lines.js'),
      ]);
      const warning = exposureWarning({ host: flags.host, authenticated: authEnabled(flags) });
      if (warning) {
        const event = { type: 'log', at: new Date().toISOString(), level: 'warn', message: warning } as const;
        terminal.stderr.write((flags.logFormat === 'json' ? jsonLine(event) : prettyLine(event)) + '\n');
      }
      exitWith(await serve(dir, flags, terminal));
    });
}
