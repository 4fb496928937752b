// Crash safety of the real CLI: `wfe serve` runs as a child process, several clients stream PUTs at it,
// and it is SIGKILLed at a random moment while requests are in flight. Afterwards every file must be a
// whole workflow, and each workflow on disk must hold its last acknowledged save (or a later save that
// was still in flight when the process died). Then a restart on the same folder must clean up the
// temp files a crash can leave and serve exactly what is on disk.
//
// SIGKILL ends the process, not the machine: the page cache survives, so this checks atomicity and
// "acknowledged only once written", not power-loss durability (that is what the fsyncs are for).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { schemaValidator } from './support/openapi.js';
import { twoNodeWorkflow } from './support/workflows.js';

const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
// dist/ is built by the tests' global setup (test/support/global-setup.ts) before any test file runs.
const bin = join(repoRoot, 'bin', 'wfe.js');
const TEMP_FILE = /^\..+\.wfe-\d+-\d+\.tmp$/;
const WORKFLOW_IDS = ['w1', 'w2', 'w3'];
const CLIENTS = 6; // two per workflow, so saves of one workflow really race each other
const ROUNDS = 3;
const STREAM_DEADLINE_MS = 2500;

const children = new Set<ChildProcess>();
const dirs: string[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

interface Served {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function serve(dir: string, watch: boolean): Promise<Served> {
  const args = [bin, 'serve', dir, '--port', '0', '--log-level', 'warn', ...(watch ? [] : ['--no-watch'])];
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let out = '';
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    out += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`wfe serve printed no URL within 10 s:\n${out}`)), 10_000);
    const look = () => {
      const match = /wfe serving .*\n\s+(http:\/\/\S+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off('data', look);
        done(match[1]);
      }
    };
    child.stdout!.on('data', look);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      fail(new Error(`wfe serve exited (${code ?? signal}) before listening:\n${out}`));
    });
  });
  return { child, url, output: () => out, exited };
}

type Reply = { status: number; body: any };

function send(agent: Agent, method: string, url: string, body?: unknown): Promise<Reply> {
  return new Promise((done, fail) => {
    const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = request(
      url,
      { method, agent, headers: data ? { 'content-type': 'application/json', 'content-length': data.length } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', fail);
        res.on('close', () => {
          if (!res.complete) return fail(new Error('response cut off'));
          try {
            done({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch (err) {
            fail(err as Error);
          }
        });
      },
    );
    req.on('error', fail);
    req.end(data);
  });
}

interface Ack {
  value: string;
  updateNumber: number;
  versionId: string;
}

interface RoundLog {
  attempts: Map<string, Set<string>>;
  acks: Map<string, Ack[]>;
  unexpected: Reply[];
  killAt: number;
  acked: number;
  killedEarly: boolean;
}

let counter = 0;

/** Streams PUTs from several clients and SIGKILLs the server once `killAt` of them were acknowledged. */
async function streamAndKill(server: Served, killAt: number): Promise<RoundLog> {
  const log: RoundLog = {
    attempts: new Map(WORKFLOW_IDS.map((id) => [id, new Set<string>()])),
    acks: new Map(WORKFLOW_IDS.map((id) => [id, [] as Ack[]])),
    unexpected: [],
    killAt,
    acked: 0,
    killedEarly: false,
  };
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    server.child.kill('SIGKILL');
  };
  const deadline = setTimeout(() => {
    log.killedEarly = true;
    kill();
  }, STREAM_DEADLINE_MS);

  const client = async (c: number) => {
    const id = WORKFLOW_IDS[c % WORKFLOW_IDS.length];
    while (!killed) {
      const n = ++counter;
      const value = `d-${n}`;
      log.attempts.get(id)!.add(value);
      let reply: Reply;
      try {
        reply = await send(agent, 'PUT', `${server.url}/workflows/${id}`, {
          description: value,
          metadata: { author: `client-${c}`, tags: [`t-${n}`] },
        });
      } catch {
        if (killed) return; // the server is gone: this save may or may not have landed
        throw new Error(`PUT failed before the kill (round killAt=${killAt})`);
      }
      if (reply.status !== 200) {
        log.unexpected.push(reply);
        continue;
      }
      const meta = reply.body.data.metadata;
      log.acks.get(id)!.push({ value, updateNumber: meta.updateNumber, versionId: meta.versionId });
      if (reply.body.data.description !== value) log.unexpected.push(reply);
      if (++log.acked >= killAt) kill(); // other clients' PUTs are in flight right now
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  clearTimeout(deadline);
  agent.destroy();
  return log;
}

/** Every *.json in the folder is a whole workflow; temp files may remain; each holds its last ack (or later). */
async function checkDisk(
  dir: string,
  log: RoundLog,
  before: Map<string, string>,
): Promise<{ temps: string[]; onDisk: Map<string, any>; landedUnacked: number }> {
  const temps: string[] = [];
  let landedUnacked = 0;
  const onDisk = new Map<string, any>();
  const validWorkflow = schemaValidator('Workflow');
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (TEMP_FILE.test(entry.name)) {
      temps.push(entry.name);
      continue;
    }
    if (entry.isDirectory() && entry.name === '.wfe') continue;
    expect(entry.isFile() && entry.name.endsWith('.json'), `unexpected entry ${entry.name}`).toBe(true);
    const text = await readFile(join(dir, entry.name), 'utf8');
    let workflow: any;
    expect(() => (workflow = JSON.parse(text)), `${entry.name} is not JSON after the kill:\n${text.slice(0, 300)}`).not.toThrow();
    expect(validWorkflow(workflow), `${entry.name}: ${validWorkflow.errors.join('; ')}`).toBe(true);
    expect(entry.name).toBe(`${workflow.id}.json`);
    onDisk.set(workflow.id, workflow);
  }
  expect([...onDisk.keys()].sort()).toEqual(WORKFLOW_IDS);

  for (const id of WORKFLOW_IDS) {
    const disk = onDisk.get(id);
    const acks = [...log.acks.get(id)!].sort((a, b) => a.updateNumber - b.updateNumber);
    const numbers = acks.map((a) => a.updateNumber);
    expect(new Set(numbers).size, `${id}: two acknowledged saves share an updateNumber`).toBe(numbers.length);
    const ackedValues = new Set(acks.map((a) => a.value));
    const unacked = [...log.attempts.get(id)!].filter((v) => !ackedValues.has(v));
    // One save's content, never a mix of two: description d-<n> goes with tag t-<n>.
    const n = /^d-(\d+)$/.exec(disk.description)?.[1];
    if (n) expect(disk.metadata.tags).toEqual([`t-${n}`]);
    const last = acks.at(-1);
    if (!last) {
      // No save of this workflow was acknowledged: the disk holds what it held before, or an in-flight save.
      expect([before.get(id), ...unacked], `${id}: ${disk.description}`).toContain(disk.description);
      continue;
    }
    const context = `${id}: disk has ${disk.description} (#${disk.metadata.updateNumber}), last ack ${last.value} (#${last.updateNumber}), ${unacked.length} unacknowledged`;
    if (disk.description === last.value) {
      expect(disk.metadata.updateNumber, context).toBe(last.updateNumber);
      expect(disk.metadata.versionId, context).toBe(last.versionId);
    } else {
      // Only a save still in flight at the kill may have landed after the last acknowledged one.
      expect(unacked, context).toContain(disk.description);
      expect(disk.metadata.updateNumber, context).toBeGreaterThan(last.updateNumber);
      expect(disk.metadata.updateNumber - last.updateNumber, context).toBeLessThanOrEqual(unacked.length);
      landedUnacked++;
    }
  }
  return { temps, onDisk, landedUnacked };
}

/** A restart removes crash leftovers and serves exactly the disk version. */
async function checkRestart(dir: string, watch: boolean, onDisk: Map<string, any>): Promise<Served> {
  const server = await serve(dir, watch);
  expect(server.output()).toMatch(/3 workflows/);
  expect(server.output()).not.toMatch(/not loaded/);
  expect((await readdir(dir)).filter((name) => TEMP_FILE.test(name))).toEqual([]);
  const agent = new Agent({ keepAlive: false });
  try {
    const list = await send(agent, 'GET', `${server.url}/workflows`);
    expect(list.body.data.map((w: { id: string }) => w.id).sort()).toEqual(WORKFLOW_IDS);
    for (const id of WORKFLOW_IDS) {
      const disk = onDisk.get(id);
      const got = await send(agent, 'GET', `${server.url}/workflows/${id}`);
      expect(got.status).toBe(200);
      expect(got.body.data.description).toBe(disk.description);
      expect(got.body.data.metadata.tags).toEqual(disk.metadata.tags);
      expect(got.body.data.metadata.updateNumber).toBe(disk.metadata.updateNumber);
      expect(got.body.data.metadata.versionId).toBe(disk.metadata.versionId);
    }
  } finally {
    agent.destroy();
  }
  return server;
}

describe.each([
  { watch: false, label: '--no-watch' },
  { watch: true, label: 'watching' },
])('SIGKILL during a stream of PUTs ($label)', ({ watch }) => {
  it(`leaves whole files holding the last acknowledged save, ${ROUNDS} kills in a row`, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wfe-crash-'));
    dirs.push(dir);
    for (const id of WORKFLOW_IDS) await writeFile(join(dir, `${id}.json`), JSON.stringify(twoNodeWorkflow(id), null, 2) + '\n');

    let server = await serve(dir, watch);
    const summary: string[] = [];
    const before = new Map(WORKFLOW_IDS.map((id) => [id, twoNodeWorkflow(id).description as string]));
    for (let round = 1; round <= ROUNDS; round++) {
      const started = Date.now();
      const killAt = 20 + Math.floor(Math.random() * 120);
      const log = await streamAndKill(server, killAt);
      const { signal } = await server.exited;
      expect(signal, server.output()).toBe('SIGKILL');
      expect(
        log.unexpected.map((r) => `${r.status} ${JSON.stringify(r.body).slice(0, 200)}`),
        server.output(),
      ).toEqual([]);
      expect(log.acked, `round ${round}: too few saves before the kill`).toBeGreaterThanOrEqual(Math.min(killAt, 5));

      const { temps, onDisk, landedUnacked } = await checkDisk(dir, log, before);
      for (const [id, wf] of onDisk) before.set(id, wf.description);
      // Plant the leftover of a write torn by a crash (a real one is rare: the window is one fsync).
      await writeFile(join(dir, `.w1.json.wfe-4242-${round}.tmp`), '{"id": "w1", "name": "torn');
      server = await checkRestart(dir, watch, onDisk);
      summary.push(
        `round ${round}: killed after ${log.acked} acks (target ${killAt}${log.killedEarly ? ', deadline' : ''}), ${temps.length} temp file(s) left, ${landedUnacked} workflow(s) holding an unacknowledged in-flight save, ${Date.now() - started} ms`,
      );
    }
    // The last restart also shuts down cleanly.
    server.child.kill('SIGTERM');
    expect((await server.exited).code, server.output()).toBe(0);
    console.log(`crash test (${watch ? 'watch' : 'no watch'}):\n  ${summary.join('\n  ')}`);
  }, 60_000);
});
