#!/usr/bin/env node
// The batch commands next to the physical limit of the same work, measured in the same run (npm run bench):
//
//   wfe validate   10,000 workflows, spawn → exit   vs  node reading + JSON.parse of the same files, spawn → exit
//   wfe validate   one workflow of ~9,000 nodes      vs  the same, of that one file
//   wfe validate, export, import of one workflow: time at ~9,000 nodes over time at ~900 (linear growth)
//   wfe export     1,000 workflows into a folder    vs  node writing the very bytes wfe wrote, by temp + fsync +
//                                                       rename, 16 at a time, spawn → exit
//
// Medians of 3; a row's two sides run in turn (wfe, baseline, wfe, …), so a change in the machine's load or
// the disk's speed lands on both. Figures drift ±15% between runs on a shared machine: read the ratios.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  appendResults,
  atLeast,
  atMost,
  benchDocument,
  bigWorkflow,
  makeFolder,
  median,
  printTable,
  repoRoot,
  row,
  runToExit,
  wfeBin,
} from './lib.mjs';

const RUNS = 3;
const baselines = join(repoRoot, 'bench', 'baselines.mjs');

/** A copy without any `metadata` key: what an Agent Spec file written by another tool looks like. */
const withoutMetadata = (value) =>
  Array.isArray(value)
    ? value.map(withoutMetadata)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (k === 'metadata' ? [] : [[k, withoutMetadata(v)]])))
      : value;

async function timedOnce(args, expectCode = 0) {
  const run = await runToExit(args);
  if (run.code !== expectCode) throw new Error(`${args.join(' ')} exited ${run.code}:\n${run.err}`);
  return run.ms;
}

async function timed(args, expectCode = 0) {
  const samples = [];
  for (let i = 0; i < RUNS; i++) samples.push(await timedOnce(args, expectCode));
  return median(samples);
}

/** Medians of two commands run in turn; each is given the run's number (for a fresh output folder). */
async function timedInTurn(argsOf, baselineArgsOf) {
  const [now, baseline] = [[], []];
  for (let i = 0; i < RUNS; i++) {
    now.push(await timedOnce(argsOf(i)));
    baseline.push(await timedOnce(baselineArgsOf(i)));
  }
  return [median(now), median(baseline)];
}

const started = Date.now();
const work = mkdtempSync(join(tmpdir(), 'wfe-batch-bench-'));
try {
  const doc = benchDocument();
  const rows = [];
  console.log(`wfe batch bench · Node ${process.version} · median of ${RUNS}`);

  const validateDir = join(work, 'validate-10000');
  await makeFolder(validateDir, 10_000, doc);
  const [validate, readParse] = await timedInTurn(
    () => [wfeBin, 'validate', validateDir],
    () => [baselines, 'read-parse', validateDir],
  );
  rows.push(row('wfe validate, 10,000 files, spawn → exit vs read+parse', validate, readParse, 'ms', atLeast('time', 0.5)));

  // One big workflow, and one a tenth of its size: every command must grow linearly with the workflow (a
  // quadratic check took 8 s on the big one, a cubic step of export 528 s). Ideal growth is 10x (quadratic: 100x); spawning
  // and loading are paid once, so it is less.
  const sizes = { small: bigWorkflow(70), big: bigWorkflow(700) };
  const timesOf = {};
  for (const [size, workflow] of Object.entries(sizes)) {
    const dir = join(work, `one-${size}`);
    mkdirSync(dir);
    const file = join(dir, 'workflow.json');
    writeFileSync(file, JSON.stringify(workflow));
    const exportedFile = join(work, `${size}.agentspec.json`);
    const plainDir = join(work, `plain-${size}`);
    mkdirSync(plainDir);
    const [validateMs, readParseMs] = await timedInTurn(
      () => [wfeBin, 'validate', file],
      () => [baselines, 'read-parse', dir],
    );
    const exportMs = await timed([wfeBin, 'export', file, '-o', exportedFile, '--force']);
    // The export without wfe's metadata, as another tool would write it: import lays every node out anew.
    writeFileSync(join(plainDir, 'plain.json'), JSON.stringify(withoutMetadata(JSON.parse(readFileSync(exportedFile, 'utf8')))));
    const importMs = await timed([wfeBin, 'import', join(plainDir, 'plain.json'), '-o', join(work, `${size}-imported.json`), '--force']);
    timesOf[size] = { validateMs, readParseMs, exportMs, importMs };
  }
  const [small, big] = [timesOf.small, timesOf.big];
  const nodes = `${sizes.big.nodes.length} nodes`;
  rows.push(
    row(`wfe validate, one workflow of ${nodes}, spawn → exit vs read+parse`, big.validateMs, big.readParseMs, 'ms', atLeast('time', 0.5)),
  );
  const growth = `${sizes.small.nodes.length} → ${sizes.big.nodes.length} nodes`;
  rows.push(row(`wfe validate of one workflow, growth ${growth}`, big.validateMs, small.validateMs, 'ms', atMost(8)));
  rows.push(row(`wfe export of one workflow, growth ${growth}`, big.exportMs, small.exportMs, 'ms', atMost(8)));
  rows.push(row(`wfe import of one Agent Spec flow, growth ${growth}`, big.importMs, small.importMs, 'ms', atMost(8)));

  const exportDir = join(work, 'export-1000');
  await makeFolder(exportDir, 1000, doc);
  // Each run writes a new folder, as the baseline does: replacing files costs the disk other work than adding them.
  const [exported, copied] = await timedInTurn(
    (i) => [wfeBin, 'export', exportDir, '-o', join(work, `export-out-${i}`)],
    (i) => [baselines, 'write-16', join(work, 'export-out-0'), join(work, `copy-${i}`)],
  );
  rows.push(row('wfe export, 1,000 files, spawn → exit vs atomic writes 16 at a time', exported, copied, 'ms', atLeast('time', 0.5)));

  printTable('wfe validate / export', rows);
  appendResults('batch', rows, { runs: RUNS, benchSeconds: Math.round((Date.now() - started) / 1000) });
} finally {
  await rm(work, { recursive: true, force: true });
}
