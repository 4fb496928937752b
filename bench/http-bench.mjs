#!/usr/bin/env node
// HTTP benchmark of `wfe serve` next to a baseline measured in the same run (npm run bench).
//
//   GET  /workflows/{id}   wfe (watch on, the CLI default)   vs  bare polka: JSON.stringify of an envelope per request
//   PUT  /workflows/{id}   wfe (watch on) and wfe --no-watch  vs  bare polka: read body, JSON.parse, keep in memory, respond
//   watch latency          external write of the file → GET serves the change (median of 10)
//   start-up               `node bin/wfe.js serve` on 1,000 generated workflow files (and on an empty folder)
//
// Every server runs in its own child process and autocannon runs here: on two cores the load generator
// and the server then each get a core. In one process they would share one event loop, and the figure
// would be the cost of both. The baseline runs the same way, so the ratio compares like with like.
// Figures drift ±15% between runs (research/limits.md): read the ratio, not the absolute numbers.
import { fork, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const BASE = '/api/flowdrop';
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 10;

// ---------------------------------------------------------------------------------------------------
// Child processes: one server each, reporting their URL over IPC.

async function child(role, args) {
  if (role === 'wfe') {
    const [dir, watch] = args;
    const { createServer } = await import('../dist/server/app.js');
    const { createLogger } = await import('../dist/util/logger.js');
    const server = await createServer({
      dir,
      basePath: BASE,
      watch: watch === 'watch',
      maxBody: 10 * 1024 * 1024,
      host: '127.0.0.1',
      auth: {},
      logger: createLogger('warn'),
    });
    const { url } = await server.listen(0, '127.0.0.1');
    process.on('disconnect', () => void server.close().then(() => process.exit(0)));
    process.send({ url });
    return;
  }
  if (role === 'baseline') {
    const { default: polka } = await import('polka');
    const doc = JSON.parse(readFileSync(args[0], 'utf8'));
    const store = new Map([[doc.id, doc]]);
    const send = (res, status, body) => {
      const json = JSON.stringify(body);
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json) });
      res.end(json);
    };
    const app = polka()
      .get(`${BASE}/workflows/:id`, (req, res) => {
        const wf = store.get(req.params.id);
        if (!wf) return send(res, 404, { success: false, error: 'not found', message: 'not found', code: 'NOT_FOUND' });
        send(res, 200, { success: true, data: wf, message: 'Workflow loaded successfully' });
      })
      .put(`${BASE}/workflows/:id`, async (req, res) => {
        const chunks = [];
        for await (const chunk of req) chunks.push(chunk);
        const wf = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        store.set(req.params.id, wf);
        send(res, 200, { success: true, data: wf, message: 'Workflow updated successfully' });
      });
    app.listen(0, '127.0.0.1', () => {
      process.on('disconnect', () => process.exit(0));
      process.send({ url: `http://127.0.0.1:${app.server.address().port}${BASE}` });
    });
    return;
  }
  throw new Error(`unknown child role ${role}`);
}

function startChild(role, ...args) {
  const proc = fork(fileURLToPath(import.meta.url), ['--child', role, ...args], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    proc.once('message', (msg) => resolve({ proc, url: msg.url }));
    proc.once('exit', (code) => reject(new Error(`${role} server exited with ${code} before listening`)));
  });
}

async function stopChild({ proc }) {
  if (proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.disconnect();
  const timer = setTimeout(() => proc.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  if (!existsSync(join(repoRoot, 'dist', 'server', 'app.js'))) throw new Error('dist/ is missing: run `npm run bench` (it builds first)');
  const { default: autocannon } = await import('autocannon');
  const work = await mkdtemp(join(tmpdir(), 'wfe-bench-'));
  const rows = [];
  const started = Date.now();
  try {
    const { doc, source } = await loadDocument();
    const bytes = Buffer.byteLength(JSON.stringify(doc));
    console.log(`wfe HTTP bench · Node ${process.version} · ${CONNECTIONS} connections × ${DURATION} s per scenario`);
    console.log(`document: ${source} (${doc.nodes.length} nodes, ${doc.edges.length} edges, ${bytes.toLocaleString('en')} bytes compact)\n`);

    const docPath = join(work, 'doc.json');
    await writeFile(docPath, JSON.stringify(doc));
    const watchDir = join(work, 'served-watch');
    const plainDir = join(work, 'served-no-watch');
    for (const dir of [watchDir, plainDir]) {
      await mkdir(dir);
      await writeFile(join(dir, `${safeName(doc.id)}.json`), JSON.stringify(doc, null, 2) + '\n');
    }

    const run = async (name, url, method, group) => {
      const opts = { url, connections: CONNECTIONS, duration: DURATION, method };
      if (method === 'PUT') Object.assign(opts, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(doc) });
      const r = await autocannon(opts);
      const bad = r.non2xx + r.errors + r.timeouts;
      rows.push({ name, group, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad });
    };

    const baseline = await startChild('baseline', docPath);
    const wfe = await startChild('wfe', watchDir, 'watch');
    const path = `/workflows/${encodeURIComponent(doc.id)}`;
    // Warm both up (JIT, connection pools) before measuring.
    await autocannon({ url: baseline.url + path, connections: CONNECTIONS, duration: 1 });
    await autocannon({ url: wfe.url + path, connections: CONNECTIONS, duration: 1 });
    await run('GET  baseline (polka, stringify per request)', baseline.url + path, 'GET', 'GET');
    await run('GET  wfe serve', wfe.url + path, 'GET', 'GET');
    await run('PUT  baseline (polka, in memory)', baseline.url + path, 'PUT', 'PUT');
    await run('PUT  wfe serve (atomic write + fsync, watch on)', wfe.url + path, 'PUT', 'PUT');
    const plain = await startChild('wfe', plainDir, 'no-watch');
    await run('PUT  wfe serve --no-watch', plain.url + path, 'PUT', 'PUT');
    await stopChild(plain);
    await stopChild(baseline);

    const watchLatency = await measureWatchLatency(wfe.url + path, join(watchDir, `${safeName(doc.id)}.json`));
    await stopChild(wfe);

    const startup = await measureStartup(work, doc);

    printTable(rows);
    console.log(`\nwatch latency (external in-place write → change served, ${watchLatency.samples.length} writes): median ${fmt(watchLatency.median)} ms, min ${fmt(watchLatency.min)} ms, max ${fmt(watchLatency.max)} ms`);
    console.log(`start-up of \`wfe serve\` (child process, spawn → URL printed; "ready" = createServer → listening, as the CLI reports it):`);
    for (const s of startup) console.log(`  ${s.name.padEnd(36)} ${String(s.wall).padStart(5)} ms wall · ready in ${String(s.ready).padStart(5)} ms${s.runs > 1 ? ` (median of ${s.runs})` : ''}`);
    console.log(`\ntotal bench time ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function loadDocument() {
  const fixture = join(repoRoot, 'fixtures', 'workflows', 'chat-pipeline.json');
  if (existsSync(fixture)) return { doc: JSON.parse(await readFile(fixture, 'utf8')), source: 'fixtures/workflows/chat-pipeline.json' };
  return { doc: generatedWorkflow('bench-workflow'), source: 'generated' };
}

/** ~5 KB: 10 nodes in a chain, 9 edges, the full node metadata embedded the way the editor saves it. */
function generatedWorkflow(id) {
  const meta = {
    id: 'bench_step',
    name: 'Bench Step',
    description: 'A processing step used by the benchmark',
    category: 'processing',
    version: '1.0.0',
    type: 'default',
    inputs: [{ id: 'in', name: 'In', type: 'input', dataType: 'string' }],
    outputs: [{ id: 'out', name: 'Out', type: 'output', dataType: 'string' }],
    configSchema: { type: 'object', properties: { mode: { type: 'string', enum: ['fast', 'slow'], default: 'fast' } } },
  };
  const nodes = Array.from({ length: 10 }, (_, i) => ({
    id: `bench_step.${i + 1}`,
    type: 'universalNode',
    position: { x: i * 260, y: 120 },
    data: { label: `Step ${i + 1}`, config: { mode: 'fast' }, metadata: meta, nodeId: `bench_step.${i + 1}` },
  }));
  const edges = nodes.slice(1).map((n, i) => ({
    id: `e${i + 1}`,
    source: nodes[i].id,
    target: n.id,
    sourceHandle: `${nodes[i].id}-output-out`,
    targetHandle: `${n.id}-input-in`,
  }));
  const now = new Date().toISOString();
  return { id, name: 'Bench workflow', description: 'Ten steps in a chain', nodes, edges, metadata: { version: '1.0.0', createdAt: now, updatedAt: now, versionId: 'v0', updateNumber: 0, format: 'flowdrop', tags: ['bench'] } };
}

const safeName = (id) => id.replace(/[^\p{L}\p{N}._~@+=:-]/gu, '_');

async function measureWatchLatency(url, file) {
  const samples = [];
  for (let i = 0; i < 10; i++) {
    const current = JSON.parse(await readFile(file, 'utf8'));
    const marker = `edited outside the server #${i} ${Date.now()}`;
    current.description = marker;
    const text = JSON.stringify(current, null, 2) + '\n';
    const t0 = performance.now();
    await writeFile(file, text);
    for (;;) {
      const body = await (await fetch(url)).json();
      if (body.data?.description === marker) break;
      if (performance.now() - t0 > 5000) throw new Error('watch: change not served within 5 s');
      await new Promise((r) => setTimeout(r, 2));
    }
    samples.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 100)); // let the watcher settle between writes
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return { samples, median: (sorted[4] + sorted[5]) / 2, min: sorted[0], max: sorted.at(-1) };
}

async function measureStartup(work, doc) {
  const many = join(work, 'startup-1000');
  await mkdir(many);
  for (let i = 0; i < 1000; i++) {
    const id = `wf-${String(i).padStart(4, '0')}`;
    await writeFile(join(many, `${id}.json`), JSON.stringify({ ...doc, id, name: `${doc.name} ${i}` }, null, 2) + '\n');
  }
  const empty = join(work, 'startup-empty');
  await mkdir(empty);
  const results = [];
  for (const [name, dir, flags, runs] of [
    ['empty folder, --no-watch', empty, ['--no-watch'], 3],
    ['1,000 workflows, --no-watch', many, ['--no-watch'], 3],
    ['1,000 workflows, watch on', many, [], 3],
  ]) {
    const samples = [];
    for (let r = 0; r < runs; r++) samples.push(await startOnce(dir, flags, dir === many ? 1000 : 0));
    samples.sort((a, b) => a.wall - b.wall);
    const mid = samples[Math.floor(samples.length / 2)];
    results.push({ name, wall: Math.round(mid.wall), ready: mid.ready, runs });
  }
  return results;
}

function startOnce(dir, flags, expected) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const proc = spawn(process.execPath, [join(repoRoot, 'bin', 'wfe.js'), 'serve', dir, '--port', '0', '--log-level', 'warn', ...flags], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let seen = false;
    proc.stderr.on('data', (c) => (err += c));
    proc.stdout.on('data', (c) => {
      out += c;
      const ready = /ready in (\d+) ms/.exec(out);
      if (!ready || seen) return;
      seen = true;
      const wall = performance.now() - t0;
      const count = /(\d+) workflows?,/.exec(out);
      proc.once('exit', () => {
        if (!count || Number(count[1]) !== expected) reject(new Error(`expected ${expected} workflows, the server said:\n${out}${err}`));
        else resolve({ wall, ready: Number(ready[1]) });
      });
      proc.kill('SIGTERM');
    });
    proc.once('exit', (code) => {
      if (!/ready in/.test(out)) reject(new Error(`wfe serve exited (${code}) before it was ready:\n${out}${err}`));
    });
  });
}

const fmt = (ms) => ms.toFixed(1);

function printTable(rows) {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'wfe/baseline', 'non-2xx/errors'];
  const lines = rows.map((r) => {
    const base = rows.find((b) => b.group === r.group && b.name.includes('baseline'));
    const ratio = r === base || !base ? '' : `${((r.rps / base.rps) * 100).toFixed(0)}%`;
    return [r.name, Math.round(r.rps).toLocaleString('en'), String(r.p50), String(r.p99), ratio, String(r.bad)];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmtLine = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(fmtLine(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(fmtLine(l));
}

// Last, so every const above is initialised before it runs.
if (process.argv[2] === '--child') await child(process.argv[3], process.argv.slice(4));
else await main();
