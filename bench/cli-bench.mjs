#!/usr/bin/env node
// Where users wait on the CLI, each row next to its baseline measured in the same run:
//
//   start-up CPU (user + system, of the whole process) of `wfe --version` and `wfe validate one.json`,
//       over a bare `node -e 0` of the same Node, in turn with the same validate from tsc's dist/ instead of its
//       bundle (WFE_NO_BUNDLE=1, what the bundle saves); with WFE_BENCH_NODE=<path to another node binary>
//       the same rows again for that Node (the current LTS). BENCH_PARTS=start measures only these rows.
//   wfe validate --cache, second run over 10,000 unchanged files  vs  read + JSON.parse of the same files
//   wfe validate and wfe export of 1,000 files, --concurrency 2  vs  --concurrency 1 (and off), in turn
//
// CPU comes from bash's `times` (the children's user and system time): a bare node costs 35-85 ms of it here,
// so start-up rows are medians of many runs. The machine is shared: read the ranges printed under the table.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendResults, benchDocument, makeFolder, median, printTable, row, runToExit, wfeBin } from './lib.mjs';

const STARTS = Number(process.env.BENCH_STARTS ?? 15);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const baselines = new URL('./baselines.mjs', import.meta.url).pathname;
// Every process parses this bundle at start when it is set (the test setup drops it the same way): it is not wfe's cost.
delete process.env.NODE_EXTRA_CA_CERTS;

/**
 * CPU milliseconds (user + system) of one run of `node args…`, its output going into a pipe as in a CI step or
 * a git hook (the `cat` that reads it is counted in every row alike, bare node's included).
 */
function cpuMs(node, args) {
  const out = execFileSync('bash', ['-c', '"$@" 2>&1 | cat >/dev/null; times', '_', node, ...args], { encoding: 'utf8' });
  const [user, system] = out.trim().split('\n').at(-1).split(/\s+/).map(seconds);
  return (user + system) * 1000;
}
/** CPU milliseconds of one run of `args` on a pseudo-terminal of its own (util-linux `script`), as a person runs it. */
function terminalCpuMs(args) {
  const command = `${args.map((a) => `'${a}'`).join(' ')} >/dev/null; times`;
  const out = execFileSync('script', ['-qfec', command, '/dev/null'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, SHELL: '/bin/sh', COLUMNS: '100', LINES: '30' },
  });
  const lines = out.replace(/\r/g, '').trim().split('\n');
  const [user, system] = lines.at(-1).split(/\s+/).map(seconds);
  return (user + system) * 1000;
}
const hasScript = () => {
  try {
    execFileSync('script', ['-qfec', 'true', '/dev/null'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const seconds = (text) => {
  const [, m, s] = /(\d+)m([\d.]+)s/.exec(text);
  return Number(m) * 60 + Number(s);
};

const spread = (xs) => `${Math.round(Math.min(...xs))}-${Math.round(Math.max(...xs))}`;
const notes = [];

const started = Date.now();
const work = mkdtempSync(join(tmpdir(), 'wfe-cli-bench-'));
try {
  const doc = benchDocument();
  const rows = [];
  console.log(`wfe CLI bench · Node ${process.version}`);

  // ---------- start-up ----------
  const one = join(work, 'one.json');
  writeFileSync(one, JSON.stringify(doc));
  const startRows = (node, label) => {
    const runs = { bare: [], version: [], validate: [], unbundled: [] };
    const unbundled = () => {
      process.env.WFE_NO_BUNDLE = '1';
      try {
        return cpuMs(node, [wfeBin, 'validate', one]);
      } finally {
        delete process.env.WFE_NO_BUNDLE;
      }
    };
    // Fills Node's compile cache where it has one, as any earlier start did.
    cpuMs(node, [wfeBin, 'validate', one]);
    unbundled();
    for (let i = 0; i < STARTS; i++) {
      runs.bare.push(cpuMs(node, ['-e', '0']));
      runs.version.push(cpuMs(node, [wfeBin, '--version']));
      runs.validate.push(cpuMs(node, [wfeBin, 'validate', one]));
      runs.unbundled.push(unbundled());
    }
    const bare = median(runs.bare);
    const over = (ms, limit, what) =>
      row(`${what} CPU over bare node (${label})`, ms - bare, bare, 'ms', {
        kind: 'none',
        text: `≤ ${limit} ms`,
        check: (_, now) => now <= limit,
      });
    rows.push(
      over(median(runs.version), 25, 'wfe --version'),
      over(median(runs.validate), 50, 'wfe validate one.json'),
      row(`wfe validate one.json from tsc's dist/, CPU over bare node (${label})`, median(runs.unbundled) - bare, bare, 'ms', {
        kind: 'none',
        text: 'info',
        check: () => true,
      }),
    );
    notes.push(
      `${label}: bare ${spread(runs.bare)} ms, --version ${spread(runs.version)} ms, validate ${spread(runs.validate)} ms, unbundled ${spread(runs.unbundled)} ms (CPU, ${STARTS} runs each)`,
    );
  };
  const lts = process.env.WFE_BENCH_NODE;
  startRows(process.execPath, `Node ${process.version}`);
  if (lts) startRows(lts, `Node ${execFileSync(lts, ['--version'], { encoding: 'utf8' }).trim()}`);

  // ---------- the terminal UI: a progress bar and a summary cost what ink takes to load and draw ----------
  const eighty = join(work, 'validate-80');
  await makeFolder(eighty, 80, doc);
  const report = join(work, 'terminal-report.json');
  if (hasScript()) {
    const piped = [];
    const terminal = [];
    for (let i = 0; i < RUNS + 2; i++) {
      piped.push(cpuMs(process.execPath, [wfeBin, 'validate', eighty, '-f', 'json', '-o', report]));
      terminal.push(terminalCpuMs([process.execPath, wfeBin, 'validate', eighty, '-f', 'json', '-o', report]));
    }
    rows.push(
      row('wfe validate, 80 files, on a terminal (progress bar, summary) vs through a pipe, CPU', median(terminal), median(piped), 'ms', {
        kind: 'multiple',
        text: 'info',
        check: () => true,
      }),
    );
    notes.push(`80 files: on a terminal ${spread(terminal)} ms, through a pipe ${spread(piped)} ms (CPU)`);
  } else notes.push('no `script` (util-linux) here: the terminal row was not measured');

  if (process.env.BENCH_PARTS === 'start') {
    printTable('wfe CLI: start-up', rows);
    console.log(`\n${notes.join('\n')}`);
    appendResults('cli', rows, { starts: STARTS, parts: 'start', notes, benchSeconds: Math.round((Date.now() - started) / 1000) });
    rmSync(work, { recursive: true, force: true });
    process.exit(0);
  }

  // ---------- --cache, second run over 10,000 unchanged files ----------
  const many = join(work, 'validate-10000');
  await makeFolder(many, 10_000, doc);
  const cacheFile = join(work, 'cache', '.wfe-cache');
  await runToExit([wfeBin, 'validate', many, '--cache', '--cache-location', cacheFile]);
  const cached = [];
  const readParse = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await runToExit([wfeBin, 'validate', many, '--cache', '--cache-location', cacheFile]);
    if (run.code !== 0) throw new Error(`wfe validate --cache exited ${run.code}: ${run.err}`);
    cached.push(run.ms);
    readParse.push((await runToExit([baselines, 'read-parse', many])).ms);
  }
  rows.push(
    row('wfe validate --cache, 2nd run, 10,000 unchanged files, vs read+parse', median(cached), median(readParse), 'ms', {
      kind: 'multiple',
      text: '≤ 0.25×',
      check: (ratio) => ratio <= 0.25,
    }),
  );
  notes.push(`--cache 2nd run ${spread(cached)} ms; read+parse ${spread(readParse)} ms`);

  // ---------- --concurrency, 1,000 files ----------
  const thousand = join(work, 'files-1000');
  await makeFolder(thousand, 1000, doc);
  const inTurn = async (argsOf, expectCode = 0) => {
    const times = { off: [], 1: [], 2: [] };
    for (let i = 0; i < RUNS; i++)
      for (const c of ['off', '1', '2']) {
        const run = await runToExit([...argsOf(`${c}-${i}`), '--concurrency', c]);
        if (run.code !== expectCode) throw new Error(`${argsOf('x').join(' ')} exited ${run.code}: ${run.err}`);
        times[c].push(run.ms);
      }
    return times;
  };
  const speedUp = (name, times) => {
    rows.push(
      row(`${name}, 1,000 files, --concurrency 2 vs 1`, median(times[2]), median(times[1]), 'ms', {
        kind: 'time',
        text: '≥ 1.6×',
        check: (r) => r >= 1.6,
      }),
    );
    rows.push(
      row(`${name}, 1,000 files, --concurrency 2 vs off`, median(times[2]), median(times.off), 'ms', {
        kind: 'time',
        text: 'info',
        check: () => true,
      }),
    );
    notes.push(`${name}: off ${spread(times.off)} ms, 1 worker ${spread(times[1])} ms, 2 workers ${spread(times[2])} ms`);
  };
  speedUp('wfe validate', await inTurn(() => [wfeBin, 'validate', thousand]));
  mkdirSync(join(work, 'out'));
  speedUp('wfe export', await inTurn((tag) => [wfeBin, 'export', thousand, '-o', join(work, 'out', tag)]));

  printTable('wfe CLI: start-up, --cache, --concurrency', rows);
  console.log(`\n${notes.join('\n')}`);
  appendResults('cli', rows, { starts: STARTS, runs: RUNS, notes, benchSeconds: Math.round((Date.now() - started) / 1000) });
} finally {
  rmSync(work, { recursive: true, force: true });
}
