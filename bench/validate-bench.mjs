#!/usr/bin/env node
// The batch commands next to the physical limit of the same work, measured in the same run (npm run bench):
//
//   wfe validate   10,000 workflows, spawn → exit   vs  node reading + JSON.parse of the same files, spawn → exit
//   wfe validate   one workflow of ~9,000 nodes      vs  the same, of that one file
//   wfe export     that workflow                    vs  the same
//   wfe export     1,000 workflows into a folder    vs  node writing the very bytes wfe wrote, by temp + fsync +
//                                                       rename, 16 at a time, spawn → exit
//
// Medians of 3. Figures drift ±15% between runs on a shared machine: read the ratios.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  appendResults,
  atLeast,
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

async function timed(args, expectCode = 0) {
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await runToExit(args);
    if (run.code !== expectCode) throw new Error(`${args.join(' ')} exited ${run.code}:\n${run.err}`);
    samples.push(run.ms);
  }
  return median(samples);
}

const started = Date.now();
const work = mkdtempSync(join(tmpdir(), 'wfe-batch-bench-'));
try {
  const doc = benchDocument();
  const rows = [];
  console.log(`wfe batch bench · Node ${process.version} · median of ${RUNS}`);

  const validateDir = join(work, 'validate-10000');
  await makeFolder(validateDir, 10_000, doc);
  const validate = await timed([wfeBin, 'validate', validateDir]);
  const readParse = await timed([baselines, 'read-parse', validateDir]);
  rows.push(row('wfe validate, 10,000 files, spawn → exit vs read+parse', validate, readParse, 'ms', atLeast('time', 0.5)));

  // One big workflow: every check must stay linear in nodes and edges (a quadratic one took 8 s here).
  const bigDir = join(work, 'validate-big');
  mkdirSync(bigDir);
  const big = bigWorkflow();
  writeFileSync(join(bigDir, 'big.json'), JSON.stringify(big));
  const bigValidate = await timed([wfeBin, 'validate', join(bigDir, 'big.json')]);
  const bigReadParse = await timed([baselines, 'read-parse', bigDir]);
  rows.push(
    row(
      `wfe validate, one workflow of ${big.nodes.length} nodes, spawn → exit vs read+parse`,
      bigValidate,
      bigReadParse,
      'ms',
      atLeast('time', 0.5),
    ),
  );
  // Its export converts and writes every component once (a cubic bookkeeping loop took 528 s here).
  const bigExport = await timed([wfeBin, 'export', join(bigDir, 'big.json'), '-o', join(work, 'big.agentspec.json'), '--force']);
  rows.push(
    row(
      `wfe export, one workflow of ${big.nodes.length} nodes, spawn → exit vs read+parse`,
      bigExport,
      bigReadParse,
      'ms',
      atLeast('time', 0.25),
    ),
  );

  const exportDir = join(work, 'export-1000');
  await makeFolder(exportDir, 1000, doc);
  const out = join(work, 'export-out');
  const exported = await timed([wfeBin, 'export', exportDir, '-o', out, '--force']);
  const copies = [];
  for (let i = 0; i < RUNS; i++) {
    const to = join(work, `copy-${i}`);
    const run = await runToExit([baselines, 'write-16', out, to]);
    if (run.code !== 0) throw new Error(`write-16 exited ${run.code}: ${run.err}`);
    copies.push(run.ms);
  }
  rows.push(
    row('wfe export, 1,000 files, spawn → exit vs atomic writes 16 at a time', exported, median(copies), 'ms', atLeast('time', 0.5)),
  );

  printTable('wfe validate / export', rows);
  appendResults('batch', rows, { runs: RUNS, benchSeconds: Math.round((Date.now() - started) / 1000) });
} finally {
  await rm(work, { recursive: true, force: true });
}
