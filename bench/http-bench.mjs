#!/usr/bin/env node
// `wfe serve` next to the physical limit of the same work, measured in the same run (npm run bench):
//
//   PUT   wfe (watch on, the default) on 1,000 workflows   vs  the same with --no-watch
//                                                       vs  bare node:http writing the same bytes durably
//         (temp + fsync + rename + fsync of the folder), and on 10 and 10,000 workflows (flat?)
//   GET   /workflows?limit=50, /nodes, /workflows/{id}  vs  bare node:http sending the very bytes wfe sent
//   log   lines on stderr per request at --log-level warn (none expected)
//   watch an in-place edit → wfe has reloaded it, p50, on 10 and 1,000 workflows  vs  raw chokidar's event
//   start spawn → first answered request with 10,000 workflows  vs  node reading + parsing them, then serving
//         (BENCH_PARTS=start measures only these rows)
//
// Every wfe is the real CLI (`node bin/wfe.js serve`), every baseline its own process (bench/baselines.mjs),
// and autocannon (10 keep-alive connections) runs here: on two cores the load generator and the server each
// get one. Figures drift ±15% between runs on a shared machine (research/limits.md): read the ratios.
import { rm, writeFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  appendResults,
  atLeast,
  atMost,
  BASE,
  benchDocument,
  makeFolder,
  median,
  printTable,
  repoRoot,
  row,
  spawnUntil,
  stop,
  wfeBin,
} from './lib.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 4);
const START_ONLY = process.env.BENCH_PARTS === 'start';
const PUT_ROUNDS = Number(process.env.BENCH_PUT_ROUNDS ?? 3);
/** Every round's rate per PUT scenario, kept with the results. */
let putRates = {};
/** Rounds of one baseline further apart than this: the host's disk, not the code, moved. */
const UNSTEADY_SPREAD = 1.3;
let diskWarning = '';
const CONNECTIONS = 10;
const baselines = join(repoRoot, 'bench', 'baselines.mjs');
const URL_LINE = /(http:\/\/127\.0\.0\.1:\d+)/;

const startWfe = (dir, ...flags) =>
  spawnUntil([wfeBin, 'serve', dir, '--port', '0', '--host', '127.0.0.1', '--log-level', 'warn', ...flags], URL_LINE);
const startBaseline = (...args) => spawnUntil([baselines, ...args], URL_LINE);
const urlOf = (state) => state.match[1];

async function load(url, { method = 'GET', paths, body, duration = DURATION }) {
  let next = 0;
  const opts = {
    url,
    connections: CONNECTIONS,
    duration,
    requests: [{ method, setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
  };
  if (body) Object.assign(opts, { headers: { 'content-type': 'application/json' }, body });
  const result = await autocannon(opts);
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${method} ${url}${paths[0]}: ${bad} failed requests of ${result.requests.total}`);
  return { rps: result.requests.average, total: result.requests.total };
}

/** Warm-up (JIT, connections), then the measured run. */
async function measure(url, options) {
  await load(url, { ...options, duration: 1 });
  return load(url, options);
}

async function putRate(dir, ids, body, ...flags) {
  const server = flags[0] === 'durable' ? await startBaseline('durable-put', dir, flags[1]) : await startWfe(dir, ...flags);
  try {
    return (await measure(urlOf(server), { method: 'PUT', paths: ids.map((id) => `${BASE}/workflows/${id}`), body })).rps;
  } finally {
    await stop(server);
  }
}

async function editLatency(state, dir, ids, matches) {
  const samples = [];
  const doc = benchDocument();
  for (let i = 0; i < 21; i++) {
    const id = ids[(i * 7) % ids.length];
    const file = join(dir, `${id}.json`);
    const arrived = new Promise((resolve) => {
      state.onStderrLine = (line, at) => {
        if (matches(line, `${id}.json`)) resolve(at);
      };
    });
    const text = JSON.stringify({ ...doc, id, name: `edited ${i}`, description: `edited outside the server ${i}` });
    const t0 = performance.now();
    await writeFile(file, text);
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error(`no event for ${file} within 5 s`)), 5000).unref());
    samples.push((await Promise.race([arrived, timeout])) - t0);
    await new Promise((r) => setTimeout(r, 40)); // lets the watchers settle between edits
  }
  state.onStderrLine = undefined;
  return median(samples);
}

async function firstRequest(args, path) {
  const t0 = performance.now();
  const server = await spawnUntil(args, URL_LINE);
  const res = await fetch(urlOf(server) + path);
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  await stop(server);
  if (res.status !== 200) throw new Error(`${args.join(' ')}: GET ${path} answered ${res.status}`);
  return ms;
}

async function main() {
  const started = Date.now();
  const work = mkdtempSync(join(tmpdir(), 'wfe-bench-'));
  const rows = [];
  try {
    const doc = benchDocument();
    const { id: _id, ...putDoc } = doc;
    const body = JSON.stringify(putDoc);
    console.log(
      `wfe bench · Node ${process.version} · ${CONNECTIONS} connections × ${DURATION} s per scenario · document ${Buffer.byteLength(JSON.stringify(doc)).toLocaleString('en')} bytes`,
    );

    // BENCH_PARTS=start: only the start-up rows, a few minutes less.
    if (!START_ONLY) {
      // ---------- PUT ----------
      const ids1000 = await makeFolder(join(work, 'put-watch'), 1000, doc);
      await makeFolder(join(work, 'put-no-watch'), 1000, doc);
      await makeFolder(join(work, 'put-durable'), 1000, doc);
      const ids10 = await makeFolder(join(work, 'put-10'), 10, doc);
      // Its own folder of 1,000: the watch scenario's folder has just taken thousands of saves.
      await makeFolder(join(work, 'put-1000-of-10'), 1000, doc);
      const ids10000 = await makeFolder(join(work, 'put-10000'), 10_000, doc);
      // The bytes wfe writes for this document (pretty, keys in its order) are what the durable baseline writes.
      const { stableStringify } = await import('../dist/util/stable-json.js');
      const fileBytes = join(work, 'file-bytes.json');
      await writeFile(fileBytes, stableStringify({ ...doc, id: ids1000[0] }));

      // Each scenario runs PUT_ROUNDS times, the scenarios alternating, and counts by its median: the disk's
      // speed on a shared host swings by 2-3x within minutes (the durable-write limit read 1,136 and 3,066
      // saves a second in two runs an hour apart), and one measurement after another let a swing land on one side.
      const scenarios = {
        watch: () => putRate(join(work, 'put-watch'), ids1000, body),
        noWatch: () => putRate(join(work, 'put-no-watch'), ids1000, body, '--no-watch'),
        durable: () => putRate(join(work, 'put-durable'), ids1000, body, 'durable', fileBytes),
        // Folder size alone: the same 10 workflows are saved, in folders of 10, 1,000 and 10,000.
        ten: () => putRate(join(work, 'put-10'), ids10, body),
        tenOf1000: () => putRate(join(work, 'put-1000-of-10'), ids10, body),
        tenOf10000: () => putRate(join(work, 'put-10000'), ids10000.slice(0, 10), body),
      };
      const rates = Object.fromEntries(Object.keys(scenarios).map((name) => [name, []]));
      for (let round = 0; round < PUT_ROUNDS; round++)
        for (const [name, measure] of Object.entries(scenarios)) rates[name].push(await measure());
      for (const [name, list] of Object.entries(rates)) console.log(`PUT ${name}: ${list.map((r) => Math.round(r)).join(', ')} req/s`);
      const [putWatch, putNoWatch, putDurable, put10, put1000, put10000] = Object.values(rates).map(median);
      putRates = Object.fromEntries(Object.entries(rates).map(([name, list]) => [name, list.map(Math.round)]));
      rows.push(row('PUT, watch on vs --no-watch (1,000 files)', putWatch, putNoWatch, 'req/s', atLeast('throughput', 0.8)));
      rows.push(row('PUT, watch on vs durable-write limit', putWatch, putDurable, 'req/s', atLeast('throughput', 0.5)));
      // The disk's speed, not wfe's, can decide that row: say so when the baseline's own rounds disagree.
      const spread = Math.max(...rates.durable) / Math.min(...rates.durable);
      if (spread > UNSTEADY_SPREAD) {
        rows[rows.length - 1].unsteadyBaseline = true;
        diskWarning = `the durable-write limit ranged ${Math.round(Math.min(...rates.durable))}-${Math.round(Math.max(...rates.durable))} req/s over its rounds (${spread.toFixed(1)}x): the disk's speed changed during the run, so its row says more about the disk than about wfe`;
      }
      rows.push(row('PUT of 10 workflows, watch on: folder of 1,000 vs 10', put1000, put10, 'req/s', atLeast('throughput', 0.8)));
      rows.push(row('PUT of 10 workflows, watch on: folder of 10,000 vs 10', put10000, put10, 'req/s', atLeast('throughput', 0.8)));

      // ---------- GET and logging ----------
      const getDir = join(work, 'get');
      const getIds = await makeFolder(getDir, 1000, doc);
      const wfe = await startWfe(getDir);
      const paths = { list: `${BASE}/workflows?limit=50`, nodes: `${BASE}/nodes`, one: `${BASE}/workflows/${getIds[0]}` };
      const recorded = {};
      for (const path of Object.values(paths)) {
        const res = await fetch(urlOf(wfe) + path);
        const headers = {};
        for (const [k, v] of res.headers) if (!['date', 'connection', 'keep-alive'].includes(k)) headers[k] = v;
        recorded[path] = { headers, body: Buffer.from(await res.arrayBuffer()).toString('base64') };
      }
      const bytesFile = join(work, 'bytes.json');
      await writeFile(bytesFile, JSON.stringify(recorded));
      const bare = await startBaseline('bytes', bytesFile);
      const linesBefore = wfe.stderrLines;
      let requests = 0;
      const getRow = async (name, path) => {
        const now = await measure(urlOf(wfe), { paths: [path] });
        const base = await measure(urlOf(bare), { paths: [path] });
        requests += now.total;
        rows.push(row(name, now.rps, base.rps, 'req/s', atLeast('throughput', 0.7)));
      };
      await getRow('GET /workflows?limit=50 vs bare node:http, same bytes', paths.list);
      await getRow('GET /nodes vs bare node:http, same bytes', paths.nodes);
      await getRow('GET /workflows/{id} vs bare node:http, same bytes', paths.one);
      const logLines = wfe.stderrLines - linesBefore;
      rows.push(
        row(`--log-level warn: lines printed over ${requests.toLocaleString('en')} requests`, logLines, 0, 'lines', {
          kind: 'none',
          text: '0',
          check: (_, now) => now === 0,
        }),
      );
      await stop(bare);
      await stop(wfe);

      // ---------- external edit → served ----------
      const chokidarDir = join(work, 'watch-chokidar');
      const chokidarIds = await makeFolder(chokidarDir, 1000, doc);
      const chokidar = await spawnUntil([baselines, 'chokidar', chokidarDir], /listening chokidar/);
      const rawChokidar = await editLatency(
        chokidar,
        chokidarDir,
        chokidarIds,
        (line, file) => line.startsWith('change ') && line.endsWith(`/${file}`),
      );
      await stop(chokidar);
      const wfeLatency = async (count) => {
        const dir = join(work, `watch-${count}`);
        const ids = await makeFolder(dir, count, doc);
        const server = await spawnUntil(
          [wfeBin, 'serve', dir, '--port', '0', '--host', '127.0.0.1', '--log-format', 'json'],
          /"url":"(http:\/\/127\.0\.0\.1:\d+)/,
        );
        // The 'file' event is published once the index holds the new version: from then on it is served.
        const ms = await editLatency(server, dir, ids, (line, file) => line.includes('"type":"file"') && line.includes(`"file":"${file}"`));
        await stop(server);
        return ms;
      };
      const served10 = await wfeLatency(10);
      const served1000 = await wfeLatency(1000);
      rows.push(row('external edit → served p50 (1,000 files) vs raw chokidar event', served1000, rawChokidar, 'ms', atMost(2)));
      rows.push(row('external edit → served p50, 1,000 vs 10 files', served1000, served10, 'ms', atMost(1.2)));
    }

    // ---------- start-up ----------
    const startDir = join(work, 'startup-10000');
    await makeFolder(startDir, 10_000, doc);
    const emptyDir = join(work, 'startup-empty');
    await makeFolder(emptyDir, 0, doc);
    const wfeStart = (dir) => [wfeBin, 'serve', dir, '--port', '0', '--host', '127.0.0.1', '--log-level', 'warn'];
    // The three in turn, three times, so a change in the machine's load lands on each.
    const startRuns = { wfe: [], kept: [], dropped: [] };
    for (let i = 0; i < 3; i++) {
      startRuns.wfe.push(await firstRequest(wfeStart(startDir), `${BASE}/workflows/wf-00000`));
      startRuns.kept.push(await firstRequest([baselines, 'read-parse-serve', startDir, 'keep'], '/'));
      startRuns.dropped.push(await firstRequest([baselines, 'read-parse-serve', startDir], '/'));
    }
    const [startWfe10000, startBase10000, startDrop10000] = [startRuns.wfe, startRuns.kept, startRuns.dropped].map(median);
    // A difference of two ~110 ms figures that jitter by a few ms: more runs (they are quick), alternating,
    // so a change in the machine's load lands on both.
    const emptyRuns = { wfe: [], base: [] };
    for (let i = 0; i < 9; i++) {
      emptyRuns.wfe.push(await firstRequest(wfeStart(emptyDir), `${BASE}/health`));
      emptyRuns.base.push(await firstRequest([baselines, 'read-parse-serve', emptyDir], '/'));
    }
    const startWfeEmpty = median(emptyRuns.wfe);
    const startBaseEmpty = median(emptyRuns.base);
    rows.push(
      row('start-up, 10,000 files → first served request vs read+parse, kept', startWfe10000, startBase10000, 'ms', atLeast('time', 0.8)),
    );
    rows.push(
      row('  (the same vs read+parse, thrown away: no GC of a kept heap)', startWfe10000, startDrop10000, 'ms', {
        kind: 'time',
        text: 'info',
        check: () => true,
      }),
    );
    rows.push(
      row('start-up fixed cost (empty folder) over bare node', startWfeEmpty - startBaseEmpty, 0, 'ms', {
        kind: 'none',
        text: '≤ 50 ms',
        check: (_, now) => now <= 50,
      }),
    );

    printTable('wfe serve', rows);
    if (diskWarning) console.log(`\nnote: ${diskWarning}`);
    appendResults('http', rows, {
      durationS: DURATION,
      connections: CONNECTIONS,
      putRounds: PUT_ROUNDS,
      putRates,
      ...(START_ONLY ? { parts: 'start' } : {}),
      benchSeconds: Math.round((Date.now() - started) / 1000),
    });
    console.log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
