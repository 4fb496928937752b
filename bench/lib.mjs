// Shared by the bench scripts: test folders, child processes, the table, and bench/results/.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg } from 'node:os';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const wfeBin = join(repoRoot, 'bin', 'wfe.js');
export const BASE = '/api/flowdrop';

/** The document of every bench: fixtures/workflows/chat-pipeline.json (13 KB as compact JSON). */
export function benchDocument() {
  return JSON.parse(readFileSync(join(repoRoot, 'fixtures', 'workflows', 'chat-pipeline.json'), 'utf8'));
}

export const idOf = (i) => `wf-${String(i).padStart(5, '0')}`;

/**
 * One valid workflow near the 10,000-node limit: support-router.json with `copies` more copies of everything
 * between its start and its end (each copy wired like the original), so every check runs over a big graph.
 */
export function bigWorkflow(copies = 700) {
  const base = JSON.parse(readFileSync(join(repoRoot, 'fixtures', 'workflows', 'support-router.json'), 'utf8'));
  const fixed = new Set(base.nodes.filter((n) => ['start', 'end'].includes(n.data.metadata.id)).map((n) => n.id));
  const nodes = [...base.nodes];
  const edges = [...base.edges];
  for (let c = 1; c <= copies; c++) {
    const r = (id) => `${id}~${c}`;
    for (const n of base.nodes)
      if (!fixed.has(n.id)) nodes.push({ ...structuredClone(n), id: r(n.id), position: { x: n.position.x, y: n.position.y + c * 800 } });
    for (const e of base.edges)
      if (!fixed.has(e.source) && !fixed.has(e.target))
        edges.push({
          ...structuredClone(e),
          id: r(e.id),
          source: r(e.source),
          target: r(e.target),
          sourceHandle: e.sourceHandle?.replace(e.source, r(e.source)),
          targetHandle: e.targetHandle?.replace(e.target, r(e.target)),
        });
  }
  return { ...base, id: 'big', name: `${base.name} (${nodes.length} nodes)`, nodes, edges };
}

/** `count` workflows `wf-00000.json`…, compact JSON, written 64 at a time. */
export async function makeFolder(dir, count, doc = benchDocument()) {
  await mkdir(dir, { recursive: true });
  for (let i = 0; i < count; i += 64) {
    await Promise.all(
      Array.from({ length: Math.min(64, count - i) }, (_, j) => {
        const id = idOf(i + j);
        return writeFile(join(dir, `${id}.json`), JSON.stringify({ ...doc, id, name: `${doc.name} ${i + j}` }));
      }),
    );
  }
  // Flushed before anything is measured, so that the kernel's write-back of these files (16 MB for
  // 1,000) does not land in the first measurements on a disk whose speed already swings.
  spawnSync('sync');
  return Array.from({ length: count }, (_, i) => idOf(i));
}

/**
 * Spawns a process and resolves once a stdout line matches `ready` (with the match), keeping its output.
 * `stderrLines` counts the lines it writes to stderr.
 */
export function spawnUntil(args, ready, options = {}) {
  const started = performance.now();
  const proc = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const state = { proc, out: '', err: '', stderrLines: 0, onStderrLine: undefined };
  let pendingErr = '';
  proc.stderr.on('data', (chunk) => {
    const text = String(chunk);
    state.err = (state.err + text).slice(-20_000);
    pendingErr += text;
    const lines = pendingErr.split('\n');
    pendingErr = lines.pop();
    state.stderrLines += lines.length;
    if (state.onStderrLine) for (const line of lines) state.onStderrLine(line, performance.now());
  });
  return new Promise((resolve, reject) => {
    proc.stdout.on('data', (chunk) => {
      state.out += chunk;
      const match = ready.exec(state.out);
      if (match && !state.match) {
        state.match = match;
        state.readyAt = performance.now() - started;
        resolve(state);
      }
    });
    proc.once('exit', (code) => {
      if (!state.match) reject(new Error(`${args.join(' ')} exited (${code}) before it was ready:\n${state.out}${state.err}`));
    });
  });
}

export async function stop(state) {
  if (state.proc.exitCode !== null || state.proc.signalCode !== null) return;
  const exited = new Promise((r) => state.proc.once('exit', r));
  state.proc.kill('SIGTERM');
  const timer = setTimeout(() => state.proc.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Runs `node args…` to its end: wall time from spawn to exit, and the exit code. */
export function runToExit(args, options = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const proc = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], ...options });
    let err = '';
    proc.stderr.on('data', (c) => (err = (err + c).slice(-5000)));
    proc.once('error', reject);
    proc.once('exit', (code) => resolve({ ms: performance.now() - t0, code, err }));
  });
}

export const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * One row of the table. `ratio` is oriented so that higher is better for throughput rows (now/baseline)
 * and for time rows (baseline/now); latency rows say "x× the baseline" (lower is better), as the targets do.
 */
export function row(name, now, baseline, unit, target) {
  let ratio;
  if (target.kind === 'throughput') ratio = now / baseline;
  else if (target.kind === 'time') ratio = baseline / now;
  else if (target.kind === 'multiple') ratio = now / baseline;
  else ratio = undefined;
  const met = target.check(ratio, now, baseline);
  return {
    name,
    now: round(now),
    baseline: round(baseline),
    unit,
    ratio: ratio === undefined ? undefined : round(ratio, 3),
    target: target.text,
    met,
  };
}

const round = (x, digits) =>
  typeof x !== 'number' ? x : digits !== undefined ? Number(x.toFixed(digits)) : Math.abs(x) >= 100 ? Math.round(x) : Number(x.toFixed(1));

export const atLeast = (kind, min) => ({ kind, text: `≥ ${min}×`, check: (ratio) => ratio >= min });
export const atMost = (max) => ({ kind: 'multiple', text: `≤ ${max}×`, check: (ratio) => ratio <= max });

export function printTable(title, rows) {
  const header = ['measure', 'now', 'baseline', 'unit', 'ratio', 'target', 'met'];
  const lines = rows.map((r) => [
    r.name,
    fmt(r.now),
    fmt(r.baseline),
    r.unit,
    r.ratio === undefined ? '' : `${r.ratio}×`,
    r.target,
    r.met ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 || i === 3 || i === 5 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(line(l));
}

const fmt = (x) => (typeof x === 'number' ? x.toLocaleString('en') : String(x ?? ''));

/** Appends one JSON line per run to bench/results/<suite>.jsonl, so a regression shows in review. */
export function appendResults(suite, rows, extra = {}) {
  const dir = join(repoRoot, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const record = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    load: loadavg().map((x) => Number(x.toFixed(2))),
    ...extra,
    rows,
  };
  appendFileSync(join(dir, `${suite}.jsonl`), JSON.stringify(record) + '\n');
  console.log(`\nappended to bench/results/${suite}.jsonl`);
}
