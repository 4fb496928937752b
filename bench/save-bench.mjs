#!/usr/bin/env node
// What a save costs the server's CPU, next to the durable write of the same bytes, measured in the same run:
//
//   server CPU per save   `wfe serve` (watch on) taking PUT /workflows/{id} over a folder of 1,000 workflows,
//                         vs bench/baselines.mjs durable-put writing the very bytes wfe writes (temp + fsync +
//                         rename + fsync of the folder) and answering with pre-serialised bytes
//   the same, --no-watch  what the watcher's echo of each save costs
//   where it goes         each step of a save timed in this process on the same document (warm, CPU time)
//
// CPU, not throughput: on a shared 2-core machine the disk's speed and the other processes move the rate of
// saves by 2-3x, while the CPU a save takes moves far less. The server's CPU is read from /proc/<pid>/stat
// (user + system of all its threads, as process.cpuUsage() would give) before and after a fixed number of
// PUTs from 10 keep-alive connections; every server is its own process, the rounds alternate and count by
// their median. Linux only (/proc).
//
//   BENCH_SAVES (default 3000) saves per round, BENCH_SAVE_ROUNDS (default 3) rounds, BENCH_STEPS (default
//   2000) iterations of each step of the breakdown. BENCH_COMPARE=<folder holding another build's bin/ and
//   dist/> adds that build, watch on, to the alternating rounds (a before/after in one run).
import { mkdtempSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import autocannon from 'autocannon';
import {
  appendResults,
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

const SAVES = Number(process.env.BENCH_SAVES ?? 3000);
const ROUNDS = Number(process.env.BENCH_SAVE_ROUNDS ?? 3);
const STEPS = Number(process.env.BENCH_STEPS ?? 2000);
const WARM_UP = 600;
const CONNECTIONS = 10;
const TARGET = 3;
const INFO = { kind: 'multiple', text: 'info', check: () => true };
const URL_LINE = /(http:\/\/127\.0\.0\.1:\d+)/;
const baselines = join(repoRoot, 'bench', 'baselines.mjs');
/** The build measured: this repository's, or BENCH_WFE=<folder holding a build's bin/ and dist/>. */
const ROOT = process.env.BENCH_WFE ?? repoRoot;
const dist = (path) => import(join(ROOT, 'dist', path));

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ: 100 on every Linux build). */
const USER_HZ = 100;

/** User and system CPU of a process and all its threads, in µs. */
function cpuOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name in parentheses may hold spaces: the fields are counted from after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: (Number(fields[11]) * 1e6) / USER_HZ, system: (Number(fields[12]) * 1e6) / USER_HZ };
}

async function put(url, ids, body, amount) {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    amount,
    headers: { 'content-type': 'application/json' },
    body,
    requests: [{ method: 'PUT', setupRequest: (req) => ({ ...req, path: `${BASE}/workflows/${ids[next++ % ids.length]}` }) }],
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`PUT ${url}: ${bad} failed requests of ${result.requests.total}`);
  return result;
}

/** Server CPU per save (µs) and saves a second, over SAVES saves after a warm-up. */
async function cpuPerSave(server, ids, body) {
  const url = server.match[1];
  await put(url, ids, body, WARM_UP);
  const before = cpuOf(server.proc.pid);
  const t0 = performance.now();
  await put(url, ids, body, SAVES);
  const seconds = (performance.now() - t0) / 1000;
  // The echo of the last saves and their judging run just after their answers: let them land in the figure.
  await new Promise((r) => setTimeout(r, 150));
  const after = cpuOf(server.proc.pid);
  const user = (after.user - before.user) / SAVES;
  const system = (after.system - before.system) / SAVES;
  return { us: user + system, user, system, rate: SAVES / seconds };
}

const COMPARE = process.env.BENCH_COMPARE;

const startWfe = (dir, ...flags) => startBin(process.env.BENCH_WFE ? join(ROOT, 'bin', 'wfe.js') : wfeBin, dir, ...flags);
const startBin = (bin, dir, ...flags) =>
  spawnUntil([bin, 'serve', dir, '--port', '0', '--host', '127.0.0.1', '--log-level', 'warn', ...flags], URL_LINE);

/** CPU time (µs) per call of `fn`, warm: the median of five slices of `n` calls. */
function cpuPerCall(fn, n = STEPS) {
  for (let i = 0; i < Math.min(n, 500); i++) fn(i);
  const slices = [];
  for (let s = 0; s < 5; s++) {
    const before = process.cpuUsage();
    for (let i = 0; i < n / 5; i++) fn(i);
    const used = process.cpuUsage(before);
    slices.push((used.user + used.system) / (n / 5));
  }
  return median(slices);
}

async function cpuPerCallAsync(fn, n) {
  for (let i = 0; i < Math.min(n, 100); i++) await fn(i);
  const slices = [];
  for (let s = 0; s < 5; s++) {
    const before = process.cpuUsage();
    for (let i = 0; i < n / 5; i++) await fn(i);
    const used = process.cpuUsage(before);
    slices.push((used.user + used.system) / (n / 5));
  }
  return median(slices);
}

/** Each step of a save on the bench's document, in this process, in the order a save takes them. */
async function breakdown(work, doc, body) {
  const { readJsonBody } = await dist('server/http.js');
  const { validateUpdateWorkflow } = await dist('contract/validators.js');
  const { applyUpdate, withMetadataDefaults } = await dist('store/workflow-model.js');
  const { graphErrors } = await dist('graph/integrity.js');
  const { createConfigChecker } = await dist('contract/config-check.js');
  const { stableStringify } = await dist('util/stable-json.js');
  const { inStyle } = await dist('store/text-style.js');
  const { sha256 } = await dist('store/content-hash.js');
  const { writeFileAtomic } = await dist('store/atomic-write.js');
  const { WorkflowStore } = await dist('store/workflow-store.js');
  const { silentLogger } = await dist('util/logger.js');
  const { loadCatalog } = await dist('catalog/catalog.js');

  const bodyBytes = Buffer.from(body);
  // Enough of an IncomingMessage for readJsonBody: its headers, and a stream of the body's bytes in one chunk.
  const headers = { 'content-type': 'application/json', 'content-length': String(bodyBytes.length) };
  const request = () => Object.assign(Readable.from([bodyBytes]), { headers });
  const patch = JSON.parse(body);
  const base = withMetadataDefaults({ ...doc, id: 'wf-00000' }, new Date().toISOString());
  const now = new Date().toISOString();
  // The node config check as the server wires it: the built-in catalog's schemas.
  const catalog = await loadCatalog(work, { watch: false, logger: silentLogger });
  const checkConfig = createConfigChecker((id) => catalog.getNodeType(id)?.configSchema);
  const next = applyUpdate(base, patch, now);
  const text = stableStringify(next);
  const bytes = Buffer.from(inStyle(text, undefined));

  const steps = [];
  steps.push(['body read + JSON parse (readJsonBody)', await cpuPerCallAsync(() => readJsonBody(request(), 1 << 24), STEPS)]);
  steps.push(['schema check (precompiled ajv)', cpuPerCall(() => validateUpdateWorkflow(patch))]);
  steps.push(['merge (applyUpdate)', cpuPerCall(() => applyUpdate(base, patch, now))]);
  steps.push(['graph checks (with node configs)', cpuPerCall(() => graphErrors(next, checkConfig))]);
  steps.push(['serialise in the stable order', cpuPerCall(() => stableStringify(next))]);
  steps.push(['encode to UTF-8 in the file style', cpuPerCall(() => Buffer.from(inStyle(text, undefined)))]);
  steps.push(['content hash (sha256)', cpuPerCall(() => sha256(bytes))]);
  steps.push(['answer: JSON.stringify of the workflow (for comparison)', cpuPerCall(() => JSON.stringify(next))]);

  // The file work: the plain durable write, then the store's whole update() (merge, checks, serialise, hash,
  // the guarded write with its looks, exchange and pin), on a folder of its own with no watcher.
  const folder = join(work, 'steps-store');
  const ids = await makeFolder(folder, 50, doc);
  const writes = Math.max(200, Math.round(STEPS / 5));
  const plain = join(work, 'steps-write');
  await makeFolder(plain, 50, doc);
  steps.push([
    'durable write alone (temp, fsync, rename, folder fsync), in process',
    await cpuPerCallAsync((i) => writeFileAtomic(join(plain, `${ids[i % ids.length]}.json`), bytes, { identity: false }), writes),
  ]);
  const store = await WorkflowStore.open(folder, { watch: false, logger: silentLogger, checkConfig });
  steps.push([
    'store.update() whole, no watcher, in process',
    await cpuPerCallAsync((i) => store.update(ids[i % ids.length], patch), writes),
  ]);
  await store.close();
  return steps;
}

async function main() {
  const started = Date.now();
  const work = mkdtempSync(join(tmpdir(), 'wfe-save-bench-'));
  try {
    const doc = benchDocument();
    const { id: _id, ...putDoc } = doc;
    const body = JSON.stringify(putDoc);
    console.log(
      `wfe save bench · Node ${process.version} · load ${loadavg()
        .map((x) => x.toFixed(2))
        .join(
          ' ',
        )} · ${ROUNDS} rounds × ${SAVES} saves · ${CONNECTIONS} connections · body ${Buffer.byteLength(body).toLocaleString('en')} bytes`,
    );
    const ids = await makeFolder(join(work, 'watch'), 1000, doc);
    await makeFolder(join(work, 'no-watch'), 1000, doc);
    await makeFolder(join(work, 'durable'), 1000, doc);
    if (COMPARE) await makeFolder(join(work, 'compare'), 1000, doc);
    // The bytes wfe writes for this document are what the durable baseline writes.
    const { stableStringify } = await dist('util/stable-json.js');
    const fileBytes = join(work, 'file-bytes.json');
    await writeFile(fileBytes, stableStringify({ ...doc, id: ids[0] }));

    const scenarios = {
      watch: () => startWfe(join(work, 'watch')),
      noWatch: () => startWfe(join(work, 'no-watch'), '--no-watch'),
      durable: () => spawnUntil([baselines, 'durable-put', join(work, 'durable'), fileBytes], URL_LINE),
      ...(COMPARE ? { compare: () => startBin(join(COMPARE, 'bin', 'wfe.js'), join(work, 'compare')) } : {}),
    };
    const runs = Object.fromEntries(Object.keys(scenarios).map((name) => [name, []]));
    for (let round = 0; round < ROUNDS; round++)
      for (const [name, start] of Object.entries(scenarios)) {
        const server = await start();
        try {
          runs[name].push(await cpuPerSave(server, ids, body));
        } finally {
          await stop(server);
        }
      }
    for (const [name, list] of Object.entries(runs))
      console.log(
        `${name}: ${list.map((r) => `${Math.round(r.us)} µs (user ${Math.round(r.user)}, system ${Math.round(r.system)}; ${Math.round(r.rate)}/s)`).join(', ')}`,
      );
    const medianOf = (name, key = 'us') => median(runs[name].map((r) => r[key]));
    const [watch, noWatch, durable] = ['watch', 'noWatch', 'durable'].map((name) => medianOf(name));

    const rows = [
      row('server CPU per save vs durable write CPU', watch, durable, 'µs', atMost(TARGET)),
      row('  the same with --no-watch', noWatch, durable, 'µs', INFO),
      row("  user CPU only (without the kernel's fsync work)", medianOf('watch', 'user'), medianOf('durable', 'user'), 'µs', INFO),
      ...(COMPARE ? [row(`  ${COMPARE}, watch on`, medianOf('compare'), durable, 'µs', INFO)] : []),
    ];
    printTable('wfe serve: the save path', rows);

    const steps = await breakdown(work, doc, body);
    console.log('\nwhere a save goes (CPU per call, warm, in this process)');
    const width = Math.max(...steps.map(([name]) => name.length));
    for (const [name, us] of steps) console.log(`  ${name.padEnd(width)}  ${us.toFixed(1).padStart(7)} µs`);
    console.log(`  ${'the watcher echo (watch on − --no-watch, server)'.padEnd(width)}  ${(watch - noWatch).toFixed(1).padStart(7)} µs`);

    appendResults('save', rows, {
      saves: SAVES,
      rounds: ROUNDS,
      runs: Object.fromEntries(
        Object.entries(runs).map(([name, list]) => [
          name,
          list.map((r) => ({ us: Math.round(r.us), user: Math.round(r.user), system: Math.round(r.system), rate: Math.round(r.rate) })),
        ]),
      ),
      steps: Object.fromEntries(steps.map(([name, us]) => [name, Number(us.toFixed(1))])),
      benchSeconds: Math.round((Date.now() - started) / 1000),
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
