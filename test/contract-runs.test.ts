// The run side — executions, pipelines, playground sessions and messages, interrupts — over real servers
// serving a copy of fixtures/workflows: every success and error body is checked against FlowDrop's OpenAPI
// document (read from ../shared at test time), and the behaviours the editor's polling client relies on
// are asserted along the way.
//
// Every response is checked as it arrives (contractChecked), against the document with its known faults
// relaxed in test/support/openapi.ts. For interrupts that means `Interrupt.config` as an `anyOf`, so every
// config is ALSO checked here against the one schema its `type` names (ConfirmationInterruptConfig for
// `confirmation`, …). After the last test (afterAllTests) the file fails if any run-side operation was
// never called.
//
// No test depends on another having run before it (the file passes with --sequence.shuffle): what several
// tests read — a finished run, a conversation, an interrupt at a given stage — is made once by a lazily-
// memoised fixture (once) that whichever of them comes first creates, and the test about that step asserts
// on the responses the fixture kept. Lists and counts are read on servers where only their own describe
// makes runs or sessions.
import { cp, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startServer, tempDir, writeFiles, type Harness } from './support/harness.js';
import { afterAllTests, once } from './support/once.js';
import {
  assertMatchesContract,
  contractChecked,
  contractResponseValidator,
  contractSchemaValidator,
  hasOperation,
  neverExercised,
  openApiPath,
  schemaValidator,
  seedPath,
} from './support/openapi.js';
import type { Message } from './support/playground.js';
import { missingShared } from './support/shared.js';

// Every test here reads the contract.
const describeWithContract = describe.skipIf(missingShared(openApiPath, seedPath) !== undefined);

const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
const fixturesDir = join(repoRoot, 'fixtures', 'workflows');

interface FixtureNode {
  id: string;
  data: { label: string; config: Record<string, unknown>; metadata: { id: string } };
}
interface Fixture {
  id: string;
  name: string;
  nodes: FixtureNode[];
}

const readFixture = async (name: string): Promise<Fixture> => JSON.parse(await readFile(join(fixturesDir, name), 'utf8')) as Fixture;
const nodeOfType = (wf: Fixture, typeId: string, where: (n: FixtureNode) => boolean = () => true): FixtureNode => {
  const found = wf.nodes.find((n) => n.data.metadata.id === typeId && where(n));
  if (!found) throw new Error(`fixture ${wf.name} has no ${typeId} node`);
  return found;
};

const CONFIG_SCHEMA: Record<string, string> = {
  confirmation: 'ConfirmationInterruptConfig',
  choice: 'ChoiceInterruptConfig',
  text: 'TextInterruptConfig',
  form: 'FormInterruptConfig',
  review: 'ReviewInterruptConfig',
};

/** The config of an interrupt matches the specific schema of its `type` (what the relaxed anyOf cannot say). */
function expectConfigOfItsType(interrupt: { type: string; config: unknown }): void {
  const name = CONFIG_SCHEMA[interrupt.type];
  expect(name, `unknown interrupt type ${interrupt.type}`).toBeDefined();
  const validate = schemaValidator(name);
  expect(validate(interrupt.config), `${validate.label}: ${validate.errors.join('; ')} — config ${JSON.stringify(interrupt.config)}`).toBe(
    true,
  );
}

// ---------- servers over copies of the fixtures ----------

const dirs: string[] = [];

async function serveFixtures(stepDelayMs: number, extra: Record<string, unknown> = {}): Promise<Harness> {
  const dir = await tempDir('wfe-runs-');
  dirs.push(dir);
  await cp(fixturesDir, dir, { recursive: true });
  await writeFiles(dir, extra);
  return contractChecked(await startServer({ dir, stepDelayMs }));
}

/** Calls the server and asserts the answer matches the OAS response of (method, template, its status). */
async function call(h: Harness, method: string, template: string, path: string, body?: unknown) {
  const res = await h.call(method, path, body);
  assertMatchesContract(method, template, res);
  return res;
}

/** The same for the operations whose bodies carry interrupts, plus each config by type. */
async function callInterrupts(h: Harness, method: string, template: string, path: string, body?: unknown) {
  const res = await call(h, method, template, path, body);
  if (res.status < 300 && res.body?.data !== undefined) {
    const items = Array.isArray(res.body.data) ? res.body.data : [res.body.data];
    for (const interrupt of items) {
      // The 200 of POST /interrupts/{id}/cancel declares no data; wfe sends the Interrupt anyway (the editor needs it).
      expect(contractSchemaValidator('Interrupt')(interrupt), contractSchemaValidator('Interrupt').errors.join('; ')).toBe(true);
      expectConfigOfItsType(interrupt);
    }
  }
  return res;
}

function expectError(res: { status: number; body: any }, status: number, code: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.code).toBe(code);
}

function expectPaginationHeaders(headers: Headers, total: number, size: number, offset: number): void {
  expect(headers.get('x-total-count')).toBe(String(total));
  expect(headers.get('x-page-size')).toBe(String(size));
  expect(headers.get('x-page-offset')).toBe(String(offset));
}

const MESSAGES = '/playground/sessions/{sessionId}/messages';
const STOPPED = ['idle', 'completed', 'failed', 'awaiting_input'];

/**
 * The editor's poll loop: GET messages, then ?since=<last timestamp> until sessionStatus
 * says the run stopped; every poll is checked against the contract, and `since` must never hand back a
 * message already seen or one not after it.
 */
async function pollAsEditor(h: Harness, sessionId: string, seen: Message[] = [], timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  const statuses: string[] = [];
  for (;;) {
    const last = seen[seen.length - 1];
    const since = last ? `?since=${encodeURIComponent(last.timestamp)}` : '';
    const res = await call(h, 'GET', MESSAGES, `/playground/sessions/${sessionId}/messages${since}`);
    expect(res.status).toBe(200);
    expect(typeof res.body.hasMore).toBe('boolean');
    for (const m of res.body.data as Message[]) {
      expect(
        seen.map((s) => s.id),
        'since returned a message already seen',
      ).not.toContain(m.id);
      if (last)
        expect(Date.parse(m.timestamp), `since=${last.timestamp} returned ${m.timestamp}`).toBeGreaterThan(Date.parse(last.timestamp));
      seen.push(m);
    }
    statuses.push(res.body.sessionStatus);
    if (STOPPED.includes(res.body.sessionStatus)) return { messages: seen, status: res.body.sessionStatus as string, statuses };
    if (Date.now() > deadline) throw new Error(`session still ${res.body.sessionStatus} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

/** sequenceNumber 1, 2, 3… and distinct, strictly increasing ISO UTC timestamps, across the whole list. */
function expectStrictlyOrdered(messages: Message[]): void {
  expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);
  messages.forEach((m, i) => {
    expect(m.sequenceNumber, `message ${i} (${m.role}: ${m.content.slice(0, 40)})`).toBe(i + 1);
    expect(m.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    if (i > 0)
      expect(Date.parse(m.timestamp), `timestamp of message ${i} is not after message ${i - 1}`).toBeGreaterThan(
        Date.parse(messages[i - 1].timestamp),
      );
  });
}

async function runStatus(h: Harness, id: string): Promise<string> {
  const res = await call(h, 'GET', '/pipeline/{id}/status', `/pipeline/${id}/status`);
  return res.body.data.status;
}

// ---------- fixtures and servers ----------

let chat: Fixture;
let refund: Fixture;
let fast: Harness; // stepDelayMs 0: runs finish (or reach an interrupt) almost at once
let exec: Harness; // stepDelayMs 0, only for 'executions and pipelines': its lists hold its own runs alone
let paced: Harness; // stepDelayMs 60: a conversation spans several polls (each step outlasts a few polls)
let sessionsHost: Harness; // stepDelayMs 60, only for the session tests that count and name sessions
let slow: Harness; // stepDelayMs 2000: runs stay running for as long as a test needs

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  chat = await readFixture('chat-pipeline.json');
  refund = await readFixture('refund-approval.json');
  // A variant of refund-approval whose first interrupt may not be cancelled (for the 400 of cancel).
  const noCancel = structuredClone(refund) as Fixture & Record<string, unknown>;
  noCancel.id = 'refund-no-cancel';
  noCancel.name = 'Refund Approval (no cancel)';
  nodeOfType(noCancel, 'human_review', (n) => n.data.config.interruptType === 'confirmation').data.config.allowCancel = false;
  [fast, exec, paced, sessionsHost, slow] = await Promise.all([
    serveFixtures(0, { 'variants/refund-no-cancel.json': noCancel }),
    serveFixtures(0),
    serveFixtures(60),
    serveFixtures(60),
    serveFixtures(2000),
  ]);
  for (const h of [fast, exec, paced, sessionsHost, slow]) expect((await h.call('GET', '/system/config')).body.data.loadErrors).toEqual([]);
});

afterAll(async () => {
  await Promise.all([fast, exec, paced, sessionsHost, slow].map((h) => h?.close()));
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

// The coverage check: after every test, in whatever order they ran.
afterAllTests('the check that every operation was exercised', () => {
  expect(neverExercised('runs'), 'run-side operations that no test called').toEqual([]);
});

describeWithContract('the validators', () => {
  const sample = {
    id: 'i-1',
    type: 'confirmation',
    status: 'pending',
    nodeId: 'n-1',
    executionId: 'e-1',
    allowCancel: true,
    config: { message: 'Approve?', confirm_label: 'Yes', cancel_label: 'No' },
  };

  it('OAS defect: the strict Interrupt.config oneOf rejects every interrupt, because the configs overlap', () => {
    const strict = schemaValidator('Interrupt');
    expect(strict(sample)).toBe(false);
    expect(strict.errors.join('\n')).toMatch(/\/config must match exactly one schema in oneOf/);
    // A confirmation config is also a valid TextInterruptConfig, and a choice config matches three schemas.
    expect(schemaValidator('TextInterruptConfig')(sample.config)).toBe(true);
    const choice = { message: 'Pick', options: [{ value: 'a', label: 'A' }], multiple: false };
    expect(['ConfirmationInterruptConfig', 'ChoiceInterruptConfig', 'TextInterruptConfig'].every((n) => schemaValidator(n)(choice))).toBe(
      true,
    );
  });

  it('the contract view (known faults relaxed) accepts it, still rejects wrong interrupts, and leaves the strict validators alone', () => {
    const loose = contractSchemaValidator('Interrupt');
    expect(loose(sample)).toBe(true);
    expect(loose({ ...sample, config: { confirm_label: 'Yes' } })).toBe(false);
    expect(loose({ ...sample, type: 'approval' })).toBe(false);
    expect(loose({ ...sample, allowCancel: undefined })).toBe(false);
    expect(contractResponseValidator('GET', '/interrupts/{interruptId}', 200)({ success: true, data: { ...sample, status: 'done' } })).toBe(
      false,
    );
    expect(schemaValidator('Interrupt')(sample)).toBe(false);
    expect(() => expectConfigOfItsType({ type: 'choice', config: sample.config })).toThrow(/ChoiceInterruptConfig/);
  });
});

describeWithContract('executions and pipelines (stepDelayMs 0)', () => {
  /**
   * The runs of the first test, both completed: chat-pipeline with inputs and options, then without a body.
   * They are the only runs on `exec` (the re-run below re-runs the first in place), so every test may count them.
   */
  const chatRuns = once(async () => {
    const started = await call(exec, 'POST', '/workflows/{id}/execute', `/workflows/${chat.id}/execute`, {
      inputs: { message: 'How do I add a node?' },
      options: { timeout: 60_000, maxSteps: 100 },
    });
    const runId: string = started.body.data?.execution_id;
    if (started.status === 202) await eventually(async () => (await runStatus(exec, runId)) === 'completed', 5000, 'the run to complete');
    const noBody = await call(exec, 'POST', '/workflows/{id}/execute', `/workflows/${chat.id}/execute`);
    const second: string = noBody.body.data?.execution_id;
    if (noBody.status === 202)
      await eventually(async () => (await runStatus(exec, second)) === 'completed', 5000, 'the run without a body to complete');
    return { started, runId, noBody };
  });
  /** The first of them: a finished run of chat-pipeline. */
  const finishedRun = async () => (await chatRuns()).runId;

  it('POST /workflows/{id}/execute: 202 with Location; 404 for an unknown workflow; 400 for bad options', async () => {
    const { started, runId, noBody } = await chatRuns();
    expect(started.status).toBe(202);
    expect(started.body.success).toBe(true);
    expect(started.body.data).toMatchObject({
      execution_id: expect.any(String),
      status: 'running',
      started_at: expect.any(String),
      estimated_completion: expect.any(String),
    });
    expect(started.headers.get('location')).toBe(`/api/flowdrop/pipeline/${runId}`);

    expect(noBody.status).toBe(202);

    expectError(await call(exec, 'POST', '/workflows/{id}/execute', `/workflows/${UNKNOWN}/execute`, {}), 404, 'NOT_FOUND');
    const bad: Array<[unknown, string]> = [
      [{ options: { timeout: -1 } }, 'options.timeout'],
      [{ options: { timeout: 1.5 } }, 'options.timeout'],
      [{ options: { maxSteps: 'ten' } }, 'options.maxSteps'],
      [{ options: { maxSteps: 0 } }, 'options.maxSteps'],
      [{ options: { timeout: 0 } }, 'options.timeout'],
      [{ options: 5 }, 'options'],
      [{ inputs: ['a'] }, 'inputs'],
      [[1, 2], 'body'],
    ];
    for (const [body, field] of bad) {
      const res = await call(exec, 'POST', '/workflows/{id}/execute', `/workflows/${chat.id}/execute`, body);
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.body.details, JSON.stringify(body)).toMatchObject({ field });
    }
  });

  it('options.timeout and options.maxSteps of 0 are refused in the document\'s terms: an integer ≥ 1, and 0 is not "no limit"', async () => {
    const runId = await finishedRun();
    const timeout = await call(exec, 'POST', '/workflows/{id}/execute', `/workflows/${chat.id}/execute`, { options: { timeout: 0 } });
    expectError(timeout, 400, 'VALIDATION_ERROR');
    expect(timeout.body.details.message).toBe(
      'must be an integer ≥ 1 (milliseconds); 0 is not "no limit": leave timeout out for no time limit',
    );
    const steps = await call(exec, 'POST', '/workflows/{id}/execute', `/workflows/${chat.id}/execute`, { options: { maxSteps: 0 } });
    expect(steps.body.details.message).toMatch(/^must be an integer ≥ 1; 0 is not "no limit": leave maxSteps out for the server's limit/);
    const seconds = await call(exec, 'POST', '/pipeline/{id}/execute', `/pipeline/${runId}/execute`, { options: { timeout: 0 } });
    expectError(seconds, 400, 'VALIDATION_ERROR');
    expect(seconds.body.details.message).toMatch(/^must be an integer ≥ 1 \(seconds\)/);
  });

  it('a timeout longer than a timer holds (2^31 ms) is refused with the most it may be, not run and failed at once', async () => {
    const runId = await finishedRun();
    const ms = await call(exec, 'POST', '/workflows/{id}/execute', `/workflows/${chat.id}/execute`, { options: { timeout: 2 ** 31 } });
    expectError(ms, 400, 'VALIDATION_ERROR');
    expect(ms.body.details).toEqual({
      field: 'options.timeout',
      message: 'must be at most 2147483647 (milliseconds, about 24 days); leave timeout out for no time limit',
    });
    const seconds = await call(exec, 'POST', '/pipeline/{id}/execute', `/pipeline/${runId}/execute`, { options: { timeout: 2_592_000 } });
    expectError(seconds, 400, 'VALIDATION_ERROR');
    expect(seconds.body.details.message).toBe('must be at most 2147483 (seconds, about 24 days); leave timeout out for no time limit');
    // The most is taken, and the run is not failed by its timer (run again in place: the runs counted below stay as they are).
    const most = await call(exec, 'POST', '/pipeline/{id}/execute', `/pipeline/${runId}/execute`, { options: { timeout: 2_147_483 } });
    expect(most.status).toBe(202);
    await eventually(async () => (await runStatus(exec, runId)) === 'completed', 5000, 'the run to complete');
  });

  it('GET /executions: 200 with filters and pagination headers; 400 for a bad status, limit or offset', async () => {
    const runId = await finishedRun();
    const all = await call(exec, 'GET', '/executions', '/executions');
    expect(all.status).toBe(200);
    expect(all.body.data.map((r: { id: string }) => r.id)).toContain(runId);
    for (const item of all.body.data) expect(Object.keys(item).sort()).toEqual(['created', 'id', 'status', 'updated', 'workflow_id']);

    const filtered = await call(exec, 'GET', '/executions', `/executions?workflow_id=${chat.id}&status=completed&limit=1&offset=0`);
    expect(filtered.body.data).toHaveLength(1);
    expect(filtered.body.data[0]).toMatchObject({ workflow_id: chat.id, status: 'completed' });
    expectPaginationHeaders(filtered.headers, 2, 1, 0);
    expect((await call(exec, 'GET', '/executions', `/executions?workflow_id=${refund.id}`)).body.data).toEqual([]);

    for (const query of ['status=done', 'status=RUNNING', 'limit=0', 'limit=101', 'limit=ten', 'offset=-1']) {
      const res = await call(exec, 'GET', '/executions', `/executions?${query}`);
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.body.details.field, query).toBe(query.split('=')[0]);
    }
  });

  it('GET /executions/{id}: 200 PipelineDetailResponse (top level, and again under data); 404', async () => {
    const runId = await finishedRun();
    const res = await call(exec, 'GET', '/executions/{id}', `/executions/${runId}`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('completed');
    expect(res.body.success).toBe(true);
    const { success: _s, data, ...top } = res.body;
    expect(data).toEqual(top);
    const jobs = res.body.jobs as Array<{ node_id: string; status: string }>;
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((j) => ['completed', 'skipped'].includes(j.status))).toBe(true);
    expect(Object.keys(res.body.node_statuses).sort()).toEqual(jobs.map((j) => j.node_id).sort());
    expect(res.body.job_status_summary.total).toBe(jobs.length);

    expectError(await call(exec, 'GET', '/executions/{id}', `/executions/${UNKNOWN}`), 404, 'NOT_FOUND');
  });

  it('POST /executions/{id}/cancel: 409 on a finished run, 404 on an unknown one', async () => {
    const runId = await finishedRun();
    expectError(await call(exec, 'POST', '/executions/{id}/cancel', `/executions/${runId}/cancel`), 409, 'CONFLICT');
    expectError(await call(exec, 'POST', '/executions/{id}/cancel', `/executions/${UNKNOWN}/cancel`), 404, 'NOT_FOUND');
  });

  it('GET /executions/{id}/logs: 200 filtered by ?level=info&node_id=…; 404; 400 for a bad level', async () => {
    const runId = await finishedRun();
    const model = nodeOfType(chat, 'chat_model');
    const all = await call(exec, 'GET', '/executions/{id}/logs', `/executions/${runId}/logs`);
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBeGreaterThan(1);
    const filtered = await call(exec, 'GET', '/executions/{id}/logs', `/executions/${runId}/logs?level=info&node_id=${model.id}`);
    expect(filtered.body.data.length).toBeGreaterThan(0);
    for (const entry of filtered.body.data) expect(entry).toMatchObject({ level: 'info', node_id: model.id });
    expect(filtered.body.data.length).toBeLessThan(all.body.data.length);
    expect((await call(exec, 'GET', '/executions/{id}/logs', `/executions/${runId}/logs?level=error`)).body.data).toEqual([]);

    expectError(await call(exec, 'GET', '/executions/{id}/logs', `/executions/${UNKNOWN}/logs`), 404, 'NOT_FOUND');
    expectError(await call(exec, 'GET', '/executions/{id}/logs', `/executions/${runId}/logs?level=verbose`), 400, 'VALIDATION_ERROR');
  });

  it('GET /workflow/{workflow_id}/pipelines: 200 (data, and the demo page’s data.pipelines twin), ?status=; 404', async () => {
    const runId = await finishedRun();
    const res = await call(exec, 'GET', '/workflow/{workflow_id}/pipelines', `/workflow/${chat.id}/pipelines`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { id: string }) => p.id)).toContain(runId);
    expect(res.body.pipelines).toEqual(res.body.data);
    const completed = await call(exec, 'GET', '/workflow/{workflow_id}/pipelines', `/workflow/${chat.id}/pipelines?status=completed`);
    expect(completed.body.data.every((p: { status: string }) => p.status === 'completed')).toBe(true);
    expect(
      (await call(exec, 'GET', '/workflow/{workflow_id}/pipelines', `/workflow/${chat.id}/pipelines?status=failed`)).body.data,
    ).toEqual([]);
    expect((await call(exec, 'GET', '/workflow/{workflow_id}/pipelines', `/workflow/${refund.id}/pipelines`)).body.data).toEqual([]);

    expectError(await call(exec, 'GET', '/workflow/{workflow_id}/pipelines', `/workflow/${UNKNOWN}/pipelines`), 404, 'NOT_FOUND');
  });

  it('GET /pipeline/{id}: 200 with top-level status, jobs, node_statuses, job_status_summary AND success + data; 404', async () => {
    const runId = await finishedRun();
    const res = await call(exec, 'GET', '/pipeline/{id}', `/pipeline/${runId}`);
    expect(res.status).toBe(200);
    for (const key of ['status', 'jobs', 'node_statuses', 'job_status_summary']) expect(res.body, key).toHaveProperty(key);
    expect(res.body.success).toBe(true);
    const { success: _s, data, ...top } = res.body;
    expect(data).toEqual(top);
    // What the editor's canvas overlay reads from each job.
    for (const job of res.body.jobs.filter((j: { status: string }) => j.status === 'completed')) {
      expect(job).toMatchObject({
        id: expect.any(String),
        node_id: expect.any(String),
        execution_count: 1,
        started: expect.any(String),
        completed: expect.any(String),
        execution_time: expect.any(Number),
      });
      expect(res.body.node_statuses[job.node_id]).toMatchObject({
        status: 'completed',
        last_executed: job.completed,
        execution_time: job.execution_time,
      });
    }
    expect(schemaValidator('PipelineDetailResponse')(res.body.data)).toBe(true);

    expectError(await call(exec, 'GET', '/pipeline/{id}', `/pipeline/${UNKNOWN}`), 404, 'NOT_FOUND');
  });

  it('GET /pipeline/{id}/status: 200 {id, status, progress, updated}; 404', async () => {
    const runId = await finishedRun();
    const res = await call(exec, 'GET', '/pipeline/{id}/status', `/pipeline/${runId}/status`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: runId, status: 'completed', progress: 100, updated: expect.any(String) });
    expectError(await call(exec, 'GET', '/pipeline/{id}/status', `/pipeline/${UNKNOWN}/status`), 404, 'NOT_FOUND');
  });

  it('POST /pipeline/{id}/execute: 202 re-runs a finished pipeline in place; 404', async () => {
    const runId = await finishedRun();
    const res = await call(exec, 'POST', '/pipeline/{id}/execute', `/pipeline/${runId}/execute`, { inputs: { message: 'again' } });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ pipeline_id: runId, status: 'running', message: expect.any(String) });
    await eventually(async () => (await runStatus(exec, runId)) === 'completed', 5000, 'the re-run to complete');
    expectError(await call(exec, 'POST', '/pipeline/{id}/execute', `/pipeline/${UNKNOWN}/execute`), 404, 'NOT_FOUND');
    expectError(
      await call(exec, 'POST', '/pipeline/{id}/execute', `/pipeline/${runId}/execute`, { options: { timeout: 'soon' } }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('POST /pipeline/{id}/stop: 409 on a finished pipeline; 404', async () => {
    const runId = await finishedRun();
    expectError(await call(exec, 'POST', '/pipeline/{id}/stop', `/pipeline/${runId}/stop`), 409, 'CONFLICT');
    expectError(await call(exec, 'POST', '/pipeline/{id}/stop', `/pipeline/${UNKNOWN}/stop`), 404, 'NOT_FOUND');
  });

  it('GET /pipeline/{id}/logs: 200 (and ?level=); 404', async () => {
    const runId = await finishedRun();
    const res = await call(exec, 'GET', '/pipeline/{id}/logs', `/pipeline/${runId}/logs`);
    expect(res.status).toBe(200);
    expect(res.body.data.some((l: { message: string }) => l.message === 'Run completed')).toBe(true);
    const info = await call(exec, 'GET', '/pipeline/{id}/logs', `/pipeline/${runId}/logs?level=info`);
    expect(info.body.data.every((l: { level: string }) => l.level === 'info')).toBe(true);
    expectError(await call(exec, 'GET', '/pipeline/{id}/logs', `/pipeline/${UNKNOWN}/logs`), 404, 'NOT_FOUND');
  });
});

describeWithContract('specification-only POST /execute (not in the OAS)', () => {
  it('is not an OAS operation', () => {
    expect(hasOperation('POST', '/execute')).toBe(false);
  });

  it('202 with the superset data (execution_id, pipeline_id, id, workflowId, status, started_at, startTime) for every way to name the workflow', async () => {
    const bodies = [{ workflowId: chat.id }, { workflow_id: chat.id }, { id: chat.id }, { workflow: chat, inputs: { message: 'inline' } }];
    for (const body of bodies) {
      const res = await fast.call('POST', '/execute', body);
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect(res.body.success).toBe(true);
      const data = res.body.data;
      expect(data).toMatchObject({
        execution_id: expect.any(String),
        pipeline_id: data.execution_id,
        id: data.execution_id,
        workflowId: chat.id,
        status: 'running',
        started_at: expect.any(String),
        startTime: data.started_at,
      });
      expect(Number.isNaN(Date.parse(data.started_at))).toBe(false);
      // It is an alias of executeWorkflow, so its body is a superset of that operation's 202.
      assertMatchesContract('POST', '/workflows/{id}/execute', res);
      await eventually(async () => (await runStatus(fast, data.execution_id)) === 'completed', 5000, 'the run to complete');
    }
  });

  it('400 without a workflow, 404 for an unknown one, both with the error envelope', async () => {
    const missing = await fast.call('POST', '/execute', { inputs: {} });
    expectError(missing, 400, 'VALIDATION_ERROR');
    assertMatchesContract('POST', '/workflows/{id}/execute', missing);
    const unknown = await fast.call('POST', '/execute', { workflowId: UNKNOWN });
    expectError(unknown, 404, 'NOT_FOUND');
    assertMatchesContract('POST', '/workflows/{id}/execute', unknown);
  });

  it('400 naming what is wrong: an id that is not a string, an inline workflow by its first wrong field', async () => {
    const number = await fast.call('POST', '/execute', { workflowId: 5 });
    expectError(number, 400, 'VALIDATION_ERROR');
    expect(number.body.details).toEqual({
      field: 'workflowId',
      message: 'must be a non-empty string, the id of a stored workflow (or send the workflow itself as "workflow")',
    });
    const workflow = structuredClone(chat);
    delete (workflow.nodes[1].data.metadata as { name?: string }).name;
    const inline = await fast.call('POST', '/execute', { workflow });
    expectError(inline, 400, 'VALIDATION_ERROR');
    expect(inline.body.details).toEqual({
      field: 'workflow',
      message:
        'must be a workflow object with id, name, nodes and edges: nodes[1].data.metadata.name is required (at /workflow/nodes/1/data/metadata/name)',
    });
  });
});

describeWithContract('runs that stay running (stepDelayMs 2000)', () => {
  it('GET /pipeline/{id} mid-run; POST /pipeline/{id}/execute 409 while running; POST /executions/{id}/cancel 200 then 409', async () => {
    const started = await call(slow, 'POST', '/workflows/{id}/execute', `/workflows/${chat.id}/execute`, {});
    const id: string = started.body.data.execution_id;

    const detail = await call(slow, 'GET', '/pipeline/{id}', `/pipeline/${id}`);
    expect(detail.body.status).toBe('running');
    expect(detail.body.job_status_summary.running).toBe(1);
    const running = detail.body.jobs.find((j: { status: string }) => j.status === 'running');
    expect(running).toMatchObject({ execution_count: 1, started: expect.any(String) });
    expect(running.completed).toBeUndefined();
    expect((await call(slow, 'GET', '/executions/{id}', `/executions/${id}`)).body.status).toBe('running');
    const status = await call(slow, 'GET', '/pipeline/{id}/status', `/pipeline/${id}/status`);
    expect(status.body.data.status).toBe('running');
    expect(status.body.data.progress).toBeLessThan(100);
    expect((await call(slow, 'GET', '/executions', '/executions?status=running')).body.data.map((r: { id: string }) => r.id)).toContain(id);

    expectError(await call(slow, 'POST', '/pipeline/{id}/execute', `/pipeline/${id}/execute`), 409, 'CONFLICT');

    const cancelled = await call(slow, 'POST', '/executions/{id}/cancel', `/executions/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ success: true, message: 'Execution cancelled successfully' });
    const after = await call(slow, 'GET', '/executions/{id}', `/executions/${id}`);
    expect(after.body.status).toBe('cancelled');
    expect(after.body.jobs.every((j: { status: string }) => j.status === 'cancelled')).toBe(true);
    expect(after.body.job_status_summary).toMatchObject({ running: 0, pending: 0, cancelled: after.body.jobs.length });

    expectError(await call(slow, 'POST', '/executions/{id}/cancel', `/executions/${id}/cancel`), 409, 'CONFLICT');
    expectError(await call(slow, 'POST', '/pipeline/{id}/stop', `/pipeline/${id}/stop`), 409, 'CONFLICT');
  });

  it('POST /pipeline/{id}/execute 202 then POST /pipeline/{id}/stop 200, then 409', async () => {
    const id: string = (await call(slow, 'POST', '/workflows/{id}/execute', `/workflows/${chat.id}/execute`)).body.data.execution_id;
    await call(slow, 'POST', '/executions/{id}/cancel', `/executions/${id}/cancel`);

    const rerun = await call(slow, 'POST', '/pipeline/{id}/execute', `/pipeline/${id}/execute`, { options: { timeout: 60 } });
    expect(rerun.status).toBe(202);
    expect(rerun.body.data).toMatchObject({ pipeline_id: id, status: 'running' });
    expect(await runStatus(slow, id)).toBe('running');

    const stopped = await call(slow, 'POST', '/pipeline/{id}/stop', `/pipeline/${id}/stop`);
    expect(stopped.status).toBe(200);
    expect(stopped.body.success).toBe(true);
    expect(await runStatus(slow, id)).toBe('cancelled');
    expectError(await call(slow, 'POST', '/pipeline/{id}/stop', `/pipeline/${id}/stop`), 409, 'CONFLICT');
  });

  it('options.timeout (ms) fails the run; the failed detail and its logs still match the contract', async () => {
    const id: string = (await call(slow, 'POST', '/workflows/{id}/execute', `/workflows/${chat.id}/execute`, { options: { timeout: 50 } }))
      .body.data.execution_id;
    await eventually(async () => (await runStatus(slow, id)) === 'failed', 5000, 'the run to time out');
    const detail = await call(slow, 'GET', '/executions/{id}', `/executions/${id}`);
    expect(detail.body.job_status_summary.failed).toBe(1);
    const failed = detail.body.jobs.find((j: { status: string }) => j.status === 'failed');
    expect(failed.error_message).toMatch(/Timed out/);
    expect(detail.body.node_statuses[failed.node_id]).toMatchObject({ status: 'failed', error: failed.error_message });
    const errors = await call(slow, 'GET', '/executions/{id}/logs', `/executions/${id}/logs?level=error`);
    expect(errors.body.data.length).toBeGreaterThan(0);
  });

  it('playground: POST messages answers before the run ends, and the very next GET already says running; 409 while running; stop 200 then 409', async () => {
    const sessionId: string = (
      await call(slow, 'POST', '/workflows/{id}/playground/sessions', `/workflows/${chat.id}/playground/sessions`, { name: 'Session 1' })
    ).body.data.id;
    const sent = await call(slow, 'POST', MESSAGES, `/playground/sessions/${sessionId}/messages`, { content: 'Hello', inputs: {} });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({
      role: 'user',
      content: 'Hello',
      status: 'pending',
      sequenceNumber: 1,
      sessionId,
      executionId: expect.any(String),
    });
    const runId: string = sent.body.data.executionId;

    const session = await call(slow, 'GET', '/playground/sessions/{sessionId}', `/playground/sessions/${sessionId}`);
    expect(session.body.data.status).toBe('running');
    const poll = await call(slow, 'GET', MESSAGES, `/playground/sessions/${sessionId}/messages`);
    expect(poll.body.sessionStatus).toBe('running');
    expect(await runStatus(slow, runId)).toBe('running');

    const again = await call(slow, 'POST', MESSAGES, `/playground/sessions/${sessionId}/messages`, { content: 'Hello again', inputs: {} });
    expectError(again, 409, 'CONFLICT');

    const stopped = await call(slow, 'POST', '/playground/sessions/{sessionId}/stop', `/playground/sessions/${sessionId}/stop`);
    expect(stopped.status).toBe(200);
    expect(stopped.body).toEqual({ success: true, message: 'Execution stopped' });
    expect((await call(slow, 'GET', '/playground/sessions/{sessionId}', `/playground/sessions/${sessionId}`)).body.data.status).toBe(
      'idle',
    );
    expect(await runStatus(slow, runId)).toBe('cancelled');
    const after = await call(slow, 'GET', MESSAGES, `/playground/sessions/${sessionId}/messages`);
    expect(after.body.sessionStatus).toBe('idle');
    const messages = after.body.data as Message[];
    expectStrictlyOrdered(messages);
    expect(messages[messages.length - 1]).toMatchObject({ role: 'assistant', metadata: { enableRun: true } });
    expect(messages[0].status).toBe('completed');

    expectError(
      await call(slow, 'POST', '/playground/sessions/{sessionId}/stop', `/playground/sessions/${sessionId}/stop`),
      409,
      'CONFLICT',
    );
    expectError(
      await call(slow, 'POST', '/playground/sessions/{sessionId}/stop', `/playground/sessions/${UNKNOWN}/stop`),
      404,
      'NOT_FOUND',
    );
  });

  it('DELETE /playground/sessions/{sessionId} during a run cancels the run', async () => {
    const sessionId: string = (
      await call(slow, 'POST', '/workflows/{id}/playground/sessions', `/workflows/${chat.id}/playground/sessions`, {})
    ).body.data.id;
    const runId: string = (await call(slow, 'POST', MESSAGES, `/playground/sessions/${sessionId}/messages`, { content: 'Hi', inputs: {} }))
      .body.data.executionId;
    const deleted = await call(slow, 'DELETE', '/playground/sessions/{sessionId}', `/playground/sessions/${sessionId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: 'Session deleted successfully' });
    expect(await runStatus(slow, runId)).toBe('cancelled');
  });
});

describeWithContract('playground sessions and messages (stepDelayMs 60)', () => {
  // Sessions are counted and named per workflow, and GET /workflows/{id}/chat/messages without ?sessionId=
  // reads the workflow's latest one. So the two sessions that are created, listed, read and sent bad
  // messages live on sessionsHost, where chat-pipeline has no other session; the conversation lives on
  // paced, where it is chat-pipeline's only session once each test has finished.
  const h = () => paced;
  const hs = () => sessionsHost;

  /** The first test's sessions of chat-pipeline on sessionsHost: "Session 1" (named, with metadata) and an unnamed one. */
  const twoSessions = once(async () => {
    const created = await call(hs(), 'POST', '/workflows/{id}/playground/sessions', `/workflows/${chat.id}/playground/sessions`, {
      name: 'Session 1',
      metadata: { by: 'test' },
    });
    const unnamed = await call(hs(), 'POST', '/workflows/{id}/playground/sessions', `/workflows/${chat.id}/playground/sessions`);
    return { created, unnamed, sessionId: created.body.data?.id as string };
  });

  /**
   * A conversation of two turns in a session of its own on paced, polled as the editor polls; each turn as
   * it went (the send, the poll statuses, the messages seen by then) and the whole conversation as polled.
   */
  const twoTurns = once(async () => {
    const sessionId: string = (
      await call(h(), 'POST', '/workflows/{id}/playground/sessions', `/workflows/${chat.id}/playground/sessions`, { name: 'Session 1' })
    ).body.data.id;
    const conversation: Message[] = [];
    const turns = [];
    for (const content of ['How do I add a node?', 'And how do I connect two nodes?']) {
      const before = conversation.length;
      const sent = await call(h(), 'POST', MESSAGES, `/playground/sessions/${sessionId}/messages`, { content, inputs: {} });
      const { status, statuses } = await pollAsEditor(h(), sessionId, conversation);
      turns.push({ content, before, sent, status, statuses, seen: [...conversation] });
    }
    return { sessionId, turns, conversation };
  });

  it('POST /workflows/{id}/playground/sessions: 201 (named, and unnamed); 400 for a long name; 404', async () => {
    const { created, unnamed } = await twoSessions();
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ workflowId: chat.id, name: 'Session 1', status: 'idle', metadata: { by: 'test' } });
    expect(unnamed.status).toBe(201);
    expect(unnamed.body.data.name).toBe('Session 2');

    const long = await call(hs(), 'POST', '/workflows/{id}/playground/sessions', `/workflows/${chat.id}/playground/sessions`, {
      name: 'n'.repeat(101),
    });
    expectError(long, 400, 'VALIDATION_ERROR');
    expect(long.body.details.field).toBe('name');
    expectError(
      await call(hs(), 'POST', '/workflows/{id}/playground/sessions', `/workflows/${chat.id}/playground/sessions`, { metadata: 'x' }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await call(hs(), 'POST', '/workflows/{id}/playground/sessions', `/workflows/${UNKNOWN}/playground/sessions`, { name: 'x' }),
      404,
      'NOT_FOUND',
    );
  });

  it('GET /workflows/{id}/playground/sessions: 200 with pagination; 404', async () => {
    const { sessionId } = await twoSessions();
    const all = await call(hs(), 'GET', '/workflows/{id}/playground/sessions', `/workflows/${chat.id}/playground/sessions`);
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(2);
    expect(all.body.data.map((s: { id: string }) => s.id)).toContain(sessionId);
    for (const s of all.body.data) expect(s).not.toHaveProperty('messages');
    const page = await call(
      hs(),
      'GET',
      '/workflows/{id}/playground/sessions',
      `/workflows/${chat.id}/playground/sessions?limit=1&offset=1`,
    );
    expect(page.body.data).toHaveLength(1);
    expectPaginationHeaders(page.headers, 2, 1, 1);
    expect(
      (await call(hs(), 'GET', '/workflows/{id}/playground/sessions', `/workflows/${refund.id}/playground/sessions`)).body.data,
    ).toEqual([]);
    expectError(
      await call(hs(), 'GET', '/workflows/{id}/playground/sessions', `/workflows/${chat.id}/playground/sessions?limit=0`),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await call(hs(), 'GET', '/workflows/{id}/playground/sessions', `/workflows/${UNKNOWN}/playground/sessions`),
      404,
      'NOT_FOUND',
    );
  });

  it('GET /playground/sessions/{sessionId}: 200; 404', async () => {
    const { sessionId } = await twoSessions();
    const res = await call(hs(), 'GET', '/playground/sessions/{sessionId}', `/playground/sessions/${sessionId}`);
    expect(res.body.data).toMatchObject({ id: sessionId, workflowId: chat.id, status: 'idle' });
    expectError(await call(hs(), 'GET', '/playground/sessions/{sessionId}', `/playground/sessions/${UNKNOWN}`), 404, 'NOT_FOUND');
  });

  it('POST …/messages: 400 without content or with a bad one; 404 for an unknown session', async () => {
    const { sessionId } = await twoSessions();
    for (const body of [{}, { inputs: {} }, { content: 42 }, { content: 'x'.repeat(10_001) }, { content: 'ok', inputs: [1] }]) {
      const res = await call(hs(), 'POST', MESSAGES, `/playground/sessions/${sessionId}/messages`, body);
      expectError(res, 400, 'VALIDATION_ERROR');
    }
    expect((await call(hs(), 'POST', MESSAGES, `/playground/sessions/${sessionId}/messages`, {})).body.details.field).toBe('content');
    expectError(await call(hs(), 'POST', MESSAGES, `/playground/sessions/${UNKNOWN}/messages`, { content: 'hi' }), 404, 'NOT_FOUND');
    // Nothing was stored by the rejected sends.
    expect((await call(hs(), 'GET', MESSAGES, `/playground/sessions/${sessionId}/messages`)).body.data).toEqual([]);
  });

  it('a conversation of two turns, polled as the editor polls: running right after the send, then completed', async () => {
    const { turns, conversation: whole } = await twoTurns();
    for (const [turn, { content, before, sent, status, statuses, seen: conversation }] of turns.entries()) {
      expect(sent.status).toBe(200);
      expect(sent.body.data).toMatchObject({ role: 'user', content, status: 'pending', sequenceNumber: before + 1 });
      expect(statuses[0], `turn ${turn}: the first poll after the send`).toBe('running');
      expect(status).toBe('completed');
      // The reply as the poll delivered it: the editor dedupes by id, so a later change to it is never seen.
      const runId = sent.body.data.executionId;
      const replies = conversation.filter((m) => m.role === 'assistant' && m.executionId === runId);
      expect(replies).toHaveLength(1);
      expect(replies[0].content).toBe(nodeOfType(chat, 'chat_model').data.config.mockResponse);
      // The Run button comes back with the run's last message (a hidden log line), never mid-run.
      expect(replies[0].metadata.enableRun).toBeUndefined();
      const closing = conversation.filter((m) => m.executionId === runId).pop()!;
      expect(closing).toMatchObject({ role: 'log', metadata: { enableRun: true } });
    }
    expect(whole.some((m) => m.role === 'log')).toBe(true);
  });

  it('sequenceNumber and timestamps strictly increase across the whole conversation; one GET without since returns it all', async () => {
    const { sessionId, conversation } = await twoTurns();
    expectStrictlyOrdered(conversation);
    const all = await call(h(), 'GET', MESSAGES, `/playground/sessions/${sessionId}/messages`);
    expect(all.body.hasMore).toBe(false);
    expect(all.body.sessionStatus).toBe('completed');
    expect((all.body.data as Message[]).map((m) => m.id)).toEqual(conversation.map((m) => m.id));
    // Each user message was pending while its run went on, and completed once it finished.
    expect(conversation.filter((m) => m.role === 'user').map((m) => m.status)).toEqual(['pending', 'pending']);
    expect((all.body.data as Message[]).filter((m) => m.role === 'user').map((m) => m.status)).toEqual(['completed', 'completed']);
  });

  it('since is strictly after: the last timestamp yields nothing when idle; a middle one yields exactly the later messages', async () => {
    const { sessionId, conversation } = await twoTurns();
    const last = conversation[conversation.length - 1];
    const idle = await call(h(), 'GET', MESSAGES, `/playground/sessions/${sessionId}/messages?since=${encodeURIComponent(last.timestamp)}`);
    expect(idle.body.data).toEqual([]);
    expect(idle.body.hasMore).toBe(false);
    expect(idle.body.sessionStatus).toBe('completed');
    const k = Math.floor(conversation.length / 2);
    const middle = await call(
      h(),
      'GET',
      MESSAGES,
      `/playground/sessions/${sessionId}/messages?since=${encodeURIComponent(conversation[k].timestamp)}`,
    );
    expect((middle.body.data as Message[]).map((m) => m.id)).toEqual(conversation.slice(k + 1).map((m) => m.id));
    expectError(await call(h(), 'GET', MESSAGES, `/playground/sessions/${sessionId}/messages?since=yesterday`), 400, 'VALIDATION_ERROR');
  });

  it('limit and hasMore', async () => {
    const { sessionId, conversation } = await twoTurns();
    const first = await call(h(), 'GET', MESSAGES, `/playground/sessions/${sessionId}/messages?limit=1`);
    expect(first.body.data).toHaveLength(1);
    expect(first.body.data[0].id).toBe(conversation[0].id);
    expect(first.body.hasMore).toBe(true);
    const next = await call(
      h(),
      'GET',
      MESSAGES,
      `/playground/sessions/${sessionId}/messages?limit=2&since=${encodeURIComponent(conversation[0].timestamp)}`,
    );
    expect((next.body.data as Message[]).map((m) => m.id)).toEqual(conversation.slice(1, 3).map((m) => m.id));
    expect(next.body.hasMore).toBe(conversation.length > 3);
    expectError(await call(h(), 'GET', MESSAGES, `/playground/sessions/${sessionId}/messages?limit=0`), 400, 'VALIDATION_ERROR');
    expectError(await call(h(), 'GET', MESSAGES, `/playground/sessions/${UNKNOWN}/messages`), 404, 'NOT_FOUND');
  });

  it('GET …/messages/{messageId} and …/status: 200; 404 for an unknown message or session', async () => {
    const { sessionId, conversation } = await twoTurns();
    const user = conversation[0];
    const one = await call(
      h(),
      'GET',
      '/playground/sessions/{sessionId}/messages/{messageId}',
      `/playground/sessions/${sessionId}/messages/${user.id}`,
    );
    // Polled while its run was going (pending); completed since.
    expect(user.status).toBe('pending');
    expect(one.body.data).toEqual({ ...user, status: 'completed' });
    const status = await call(
      h(),
      'GET',
      '/playground/sessions/{sessionId}/messages/{messageId}/status',
      `/playground/sessions/${sessionId}/messages/${user.id}/status`,
    );
    expect(status.body.data).toEqual({ id: user.id, status: 'completed', sequenceNumber: 1, timestamp: user.timestamp });
    for (const path of [`/playground/sessions/${sessionId}/messages/${UNKNOWN}`, `/playground/sessions/${UNKNOWN}/messages/${user.id}`]) {
      expectError(await call(h(), 'GET', '/playground/sessions/{sessionId}/messages/{messageId}', path), 404, 'NOT_FOUND');
      expectError(
        await call(h(), 'GET', '/playground/sessions/{sessionId}/messages/{messageId}/status', `${path}/status`),
        404,
        'NOT_FOUND',
      );
    }
  });

  it('the specification: GET /workflows/{id}/chat/messages after the conversation: [{role: user|assistant, content}], no log entries', async () => {
    const { sessionId, conversation } = await twoTurns();
    for (const query of [`?sessionId=${sessionId}`, '']) {
      const res = await h().call('GET', `/workflows/${chat.id}/chat/messages${query}`);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const items = res.body.data as Array<{ role: string; content: unknown }>;
      for (const item of items) {
        expect(['user', 'assistant']).toContain(item.role);
        expect(typeof item.content).toBe('string');
      }
      const turns = conversation
        .filter((m) => m.role === 'user' || m.role === 'assistant')
        .map((m) => ({ role: m.role, content: m.content }));
      expect(items.map(({ role, content }) => ({ role, content }))).toEqual(turns);
      expect(turns).toHaveLength(4);
    }
  });

  it('a workflow with replies on branches not taken (support-router): the since-poller still receives enableRun: true', async () => {
    const router = await readFixture('support-router.json');
    const technical = router.nodes.find((n) => n.data.label === 'Technical Assistant')!;
    const id: string = (await call(h(), 'POST', '/workflows/{id}/playground/sessions', `/workflows/${router.id}/playground/sessions`, {}))
      .body.data.id;
    await call(h(), 'POST', MESSAGES, `/playground/sessions/${id}/messages`, { content: 'The login page loops forever', inputs: {} });
    const { messages, status, statuses } = await pollAsEditor(h(), id);
    expect(statuses[0]).toBe('running');
    expect(status).toBe('completed');
    expectStrictlyOrdered(messages);
    const replies = messages.filter((m) => m.role === 'assistant');
    expect(replies.map((m) => m.content)).toEqual([technical.data.config.mockResponse]);
    // The editor dedupes by id, so the flag must arrive on a new message, after the last reply.
    expect(messages[messages.length - 1]).toMatchObject({ role: 'log', metadata: { enableRun: true } });
    const stored = (await call(h(), 'GET', MESSAGES, `/playground/sessions/${id}/messages`)).body.data as Message[];
    const flagged = stored.filter((m) => m.metadata.enableRun === true).map((m) => m.sequenceNumber);
    expect(
      messages.some((m) => m.metadata.enableRun === true),
      `no message the since-poller received carries enableRun; stored now on sequenceNumber ${flagged.join(', ')}, which it had already received without it`,
    ).toBe(true);
  });

  it('DELETE /playground/sessions/{sessionId}: 200, then 404 everywhere', async () => {
    // A session of its own, with a finished conversation in it.
    const sessionId: string = (
      await call(h(), 'POST', '/workflows/{id}/playground/sessions', `/workflows/${chat.id}/playground/sessions`, { name: 'To delete' })
    ).body.data.id;
    await call(h(), 'POST', MESSAGES, `/playground/sessions/${sessionId}/messages`, { content: 'How do I add a node?', inputs: {} });
    await pollAsEditor(h(), sessionId);
    const deleted = await call(h(), 'DELETE', '/playground/sessions/{sessionId}', `/playground/sessions/${sessionId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: 'Session deleted successfully' });
    expectError(await call(h(), 'GET', '/playground/sessions/{sessionId}', `/playground/sessions/${sessionId}`), 404, 'NOT_FOUND');
    expectError(await call(h(), 'DELETE', '/playground/sessions/{sessionId}', `/playground/sessions/${sessionId}`), 404, 'NOT_FOUND');
    expectError(await call(h(), 'GET', MESSAGES, `/playground/sessions/${sessionId}/messages`), 404, 'NOT_FOUND');
  });
});

describeWithContract('interrupts (refund-approval, stepDelayMs 0)', () => {
  // A run of refund-approval goes through three stages: its confirmation waits; approved, its choice
  // waits; cancelled, the run completes. Each stage the tests read is a fixture of its own: the waiting
  // confirmation is never answered (so it waits whatever ran before), and a second run is taken through
  // the other two, each step once, by whichever test needs it first; the tests about those steps assert on
  // the responses the fixtures kept.
  const h = () => fast;
  let approval: FixtureNode;
  let payout: FixtureNode;

  beforeAll(() => {
    approval = nodeOfType(refund, 'human_review', (n) => n.data.config.interruptType === 'confirmation');
    payout = nodeOfType(refund, 'human_review', (n) => n.data.config.interruptType === 'choice');
  });

  /** A run of refund-approval in a session of its own, polled as the editor polls until its confirmation interrupt stops it. */
  async function raiseConfirmation() {
    const sessionId: string = (
      await call(h(), 'POST', '/workflows/{id}/playground/sessions', `/workflows/${refund.id}/playground/sessions`, { name: 'Session 1' })
    ).body.data.id;
    const sent = await call(h(), 'POST', MESSAGES, `/playground/sessions/${sessionId}/messages`, { content: 'Run workflow', inputs: {} });
    const runId: string = sent.body.data.executionId;
    const polled = await pollAsEditor(h(), sessionId);
    const messages = polled.messages;
    const confirmationId: string = messages[messages.length - 1]?.metadata.interrupt_id;
    return { sessionId, runId, polled, messages, confirmationId };
  }

  /** A confirmation that waits: no test answers it. */
  const confirmationWaits = once(raiseConfirmation);

  /**
   * Another run, whose confirmation was approved: the answer, and the one GET of the messages the editor
   * makes right after it; `messages` are those, ending with the choice interrupt's prompt.
   */
  const confirmationApproved = once(async () => {
    const { sessionId, runId, polled, confirmationId } = await raiseConfirmation();
    const resolved = await callInterrupts(h(), 'POST', '/interrupts/{interruptId}', `/interrupts/${confirmationId}`, { value: true });
    const oneGet = await call(h(), 'GET', MESSAGES, `/playground/sessions/${sessionId}/messages`);
    const messages = (oneGet.body.data ?? []) as Message[];
    const choiceId: string = messages[messages.length - 1]?.metadata.interrupt_id;
    return { sessionId, runId, polled, confirmationId, resolved, oneGet, messages, choiceId };
  });

  /**
   * That run once its choice interrupt was read, then cancelled, then the one GET of the messages and the
   * run's status right after; `before` are the messages as they were, `messages` as they are at the end.
   */
  const choiceCancelled = once(async () => {
    const { sessionId, runId, confirmationId, choiceId, messages: before } = await confirmationApproved();
    const choice = await callInterrupts(h(), 'GET', '/interrupts/{interruptId}', `/interrupts/${choiceId}`);
    const cancelled = await callInterrupts(h(), 'POST', '/interrupts/{interruptId}/cancel', `/interrupts/${choiceId}/cancel`);
    const oneGet = await call(h(), 'GET', MESSAGES, `/playground/sessions/${sessionId}/messages`);
    const status = await runStatus(h(), runId);
    const messages = (oneGet.body.data ?? []) as Message[];
    return { sessionId, runId, confirmationId, choiceId, before, choice, cancelled, oneGet, status, messages };
  });

  it('the first human_review raises a confirmation interrupt: the session goes idle and the prompt message carries the interrupt metadata', async () => {
    const { sessionId, runId, polled, messages } = await confirmationWaits();
    expect(polled.status).toBe('idle');
    const prompt = messages[messages.length - 1];
    expect(prompt).toMatchObject({
      role: 'assistant',
      status: 'pending',
      nodeId: approval.id,
      executionId: runId,
      content: 'Approve a refund of 129.9 for order A-1042?',
    });
    expect(prompt.metadata).toMatchObject({
      type: 'interrupt_request',
      interrupt_id: expect.any(String),
      interrupt_type: 'confirmation',
      node_id: approval.id,
      execution_id: runId,
      allow_cancel: true,
      allowCancel: true,
      confirm_label: 'Approve refund',
      cancel_label: 'Reject',
    });
    const metadataSchema = schemaValidator('InterruptMessageMetadata');
    expect(metadataSchema(prompt.metadata), metadataSchema.errors.join('; ')).toBe(true);
    expect((await call(h(), 'GET', '/playground/sessions/{sessionId}', `/playground/sessions/${sessionId}`)).body.data.status).toBe('idle');
    // The run itself waits: still running, its human_review job running.
    const detail = await call(h(), 'GET', '/pipeline/{id}', `/pipeline/${runId}`);
    expect(detail.body.status).toBe('running');
    expect(detail.body.node_statuses[approval.id].status).toBe('running');
  });

  it('GET /interrupts/{interruptId}: 200 (config matches ConfirmationInterruptConfig); 404', async () => {
    const { runId, messages, confirmationId } = await confirmationWaits();
    const res = await callInterrupts(h(), 'GET', '/interrupts/{interruptId}', `/interrupts/${confirmationId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: confirmationId,
      type: 'confirmation',
      status: 'pending',
      nodeId: approval.id,
      executionId: runId,
      messageId: messages[messages.length - 1].id,
      allowCancel: true,
      config: { message: 'Approve a refund of 129.9 for order A-1042?', confirm_label: 'Approve refund', cancel_label: 'Reject' },
    });
    expectError(await callInterrupts(h(), 'GET', '/interrupts/{interruptId}', `/interrupts/${UNKNOWN}`), 404, 'NOT_FOUND');
  });

  it('GET /playground/sessions/{sessionId}/interrupts and GET /pipelines/{pipelineId}/interrupts: 200 with ?status=; 404', async () => {
    const { sessionId, runId, confirmationId } = await confirmationWaits();
    const session = await callInterrupts(
      h(),
      'GET',
      '/playground/sessions/{sessionId}/interrupts',
      `/playground/sessions/${sessionId}/interrupts`,
    );
    expect(session.body.data.map((i: { id: string }) => i.id)).toEqual([confirmationId]);
    expect(
      (
        await callInterrupts(
          h(),
          'GET',
          '/playground/sessions/{sessionId}/interrupts',
          `/playground/sessions/${sessionId}/interrupts?status=pending`,
        )
      ).body.data,
    ).toHaveLength(1);
    expect(
      (
        await callInterrupts(
          h(),
          'GET',
          '/playground/sessions/{sessionId}/interrupts',
          `/playground/sessions/${sessionId}/interrupts?status=resolved`,
        )
      ).body.data,
    ).toEqual([]);
    const pipeline = await callInterrupts(h(), 'GET', '/pipelines/{pipelineId}/interrupts', `/pipelines/${runId}/interrupts`);
    expect(pipeline.body.data.map((i: { id: string }) => i.id)).toEqual([confirmationId]);

    expectError(
      await callInterrupts(h(), 'GET', '/playground/sessions/{sessionId}/interrupts', `/playground/sessions/${UNKNOWN}/interrupts`),
      404,
      'NOT_FOUND',
    );
    expectError(
      await callInterrupts(h(), 'GET', '/pipelines/{pipelineId}/interrupts', `/pipelines/${UNKNOWN}/interrupts`),
      404,
      'NOT_FOUND',
    );
    expectError(
      await callInterrupts(
        h(),
        'GET',
        '/playground/sessions/{sessionId}/interrupts',
        `/playground/sessions/${sessionId}/interrupts?status=open`,
      ),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await callInterrupts(h(), 'GET', '/pipelines/{pipelineId}/interrupts', `/pipelines/${runId}/interrupts?limit=101`),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('POST …/messages while an interrupt waits: 409', async () => {
    const { sessionId } = await confirmationWaits();
    expectError(
      await call(h(), 'POST', MESSAGES, `/playground/sessions/${sessionId}/messages`, { content: 'hello?', inputs: {} }),
      409,
      'CONFLICT',
    );
  });

  it('POST /interrupts/{interruptId}: 400 for a wrong-typed or missing value; 404', async () => {
    const { confirmationId } = await confirmationWaits();
    for (const value of ['yes', 1, null, { approved: true }]) {
      const res = await callInterrupts(h(), 'POST', '/interrupts/{interruptId}', `/interrupts/${confirmationId}`, { value });
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.body.details.field, JSON.stringify(value)).toBe('value');
    }
    expectError(
      await callInterrupts(h(), 'POST', '/interrupts/{interruptId}', `/interrupts/${confirmationId}`, {}),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await callInterrupts(h(), 'POST', '/interrupts/{interruptId}', `/interrupts/${UNKNOWN}`, { value: true }),
      404,
      'NOT_FOUND',
    );
    // Still pending after the rejected answers.
    expect((await callInterrupts(h(), 'GET', '/interrupts/{interruptId}', `/interrupts/${confirmationId}`)).body.data.status).toBe(
      'pending',
    );
  });

  it('POST /interrupts/{interruptId} 200 returns data, and the follow-up messages are stored when the response arrives', async () => {
    const { runId, confirmationId, polled, resolved, oneGet } = await confirmationApproved();
    const messages = polled.messages;
    expect(resolved.status).toBe(200);
    expect(resolved.body.data).toMatchObject({ id: confirmationId, status: 'resolved', response: true, response_time: expect.any(String) });

    // The editor does exactly one GET without since, and does not resume polling.
    const all = oneGet.body.data as Message[];
    expect(all.slice(0, messages.length).map((m) => m.id)).toEqual(messages.map((m) => m.id));
    const prompt = all.find((m) => m.id === messages[messages.length - 1].id)!;
    expect(prompt.status).toBe('completed');
    expect(prompt.metadata).toMatchObject({ response_value: true, interrupt_status: 'resolved' });
    // The answer is a log entry (hidden in the editor's chat unless logs are shown inline), not a user turn.
    const answer = all[messages.length];
    expect(answer).toMatchObject({
      role: 'log',
      parentMessageId: prompt.id,
      metadata: { interrupt_id: confirmationId, interrupt_status: 'resolved', response_value: true },
    });
    const next = all[all.length - 1];
    expect(next.metadata).toMatchObject({
      type: 'interrupt_request',
      interrupt_type: 'choice',
      node_id: payout.id,
      execution_id: runId,
      allow_cancel: true,
      allowCancel: true,
    });
    expect(next.metadata.options).toEqual(payout.data.config.options);
    expect(schemaValidator('InterruptMessageMetadata')(next.metadata)).toBe(true);
    expect(oneGet.body.sessionStatus).toBe('idle');
    expectStrictlyOrdered(all);
  });

  it('resolving twice: 409; cancelling a resolved interrupt: 409', async () => {
    const { confirmationId } = await confirmationApproved();
    expectError(
      await callInterrupts(h(), 'POST', '/interrupts/{interruptId}', `/interrupts/${confirmationId}`, { value: true }),
      409,
      'CONFLICT',
    );
    expectError(
      await callInterrupts(h(), 'POST', '/interrupts/{interruptId}/cancel', `/interrupts/${confirmationId}/cancel`),
      409,
      'CONFLICT',
    );
  });

  it('the choice interrupt: config matches ChoiceInterruptConfig; POST …/cancel 200 with data, the run finishes, then 409', async () => {
    const { choiceId, before: messages, choice, cancelled, oneGet, status } = await choiceCancelled();
    expect(choice.body.data).toMatchObject({
      type: 'choice',
      status: 'pending',
      nodeId: payout.id,
      config: { options: payout.data.config.options, multiple: false },
    });

    expect(cancelled.status).toBe(200);
    expect(cancelled.body.success).toBe(true);
    expect(cancelled.body.data).toMatchObject({ id: choiceId, status: 'cancelled' });

    expect(oneGet.body.sessionStatus).toBe('completed');
    const all = oneGet.body.data as Message[];
    expect(all[messages.length]).toMatchObject({
      role: 'log',
      parentMessageId: messages[messages.length - 1].id,
      metadata: { interrupt_id: choiceId, interrupt_status: 'cancelled', response_value: null },
    });
    expect(all[all.length - 1]).toMatchObject({ metadata: { enableRun: true } });
    expect(status).toBe('completed');
    expectStrictlyOrdered(all);

    expectError(await callInterrupts(h(), 'POST', '/interrupts/{interruptId}/cancel', `/interrupts/${choiceId}/cancel`), 409, 'CONFLICT');
    expectError(
      await callInterrupts(h(), 'POST', '/interrupts/{interruptId}', `/interrupts/${choiceId}`, { value: 'store_credit' }),
      409,
      'CONFLICT',
    );
    expectError(await callInterrupts(h(), 'POST', '/interrupts/{interruptId}/cancel', `/interrupts/${UNKNOWN}/cancel`), 404, 'NOT_FOUND');
  });

  it('the lists now show both interrupts with their outcome', async () => {
    const { sessionId, runId, confirmationId, choiceId } = await choiceCancelled();
    const pipeline = await callInterrupts(h(), 'GET', '/pipelines/{pipelineId}/interrupts', `/pipelines/${runId}/interrupts`);
    expect(pipeline.body.data.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([
      [confirmationId, 'resolved'],
      [choiceId, 'cancelled'],
    ]);
    const cancelled = await callInterrupts(
      h(),
      'GET',
      '/pipelines/{pipelineId}/interrupts',
      `/pipelines/${runId}/interrupts?status=cancelled`,
    );
    expect(cancelled.body.data.map((i: { id: string }) => i.id)).toEqual([choiceId]);
    const page = await callInterrupts(
      h(),
      'GET',
      '/playground/sessions/{sessionId}/interrupts',
      `/playground/sessions/${sessionId}/interrupts?limit=1&offset=1`,
    );
    expect(page.body.data.map((i: { id: string }) => i.id)).toEqual([choiceId]);
  });

  it('the rejection path: a text interrupt (config matches TextInterruptConfig); 400 for a non-string, then 200 and the run completes', async () => {
    const second: string = (
      await call(h(), 'POST', '/workflows/{id}/playground/sessions', `/workflows/${refund.id}/playground/sessions`, { name: 'Session 2' })
    ).body.data.id;
    await call(h(), 'POST', MESSAGES, `/playground/sessions/${second}/messages`, { content: 'Run workflow', inputs: {} });
    const first = await pollAsEditor(h(), second);
    const confirmation = first.messages[first.messages.length - 1].metadata.interrupt_id;
    await callInterrupts(h(), 'POST', '/interrupts/{interruptId}', `/interrupts/${confirmation}`, { value: false });

    const pending = await callInterrupts(
      h(),
      'GET',
      '/playground/sessions/{sessionId}/interrupts',
      `/playground/sessions/${second}/interrupts?status=pending`,
    );
    expect(pending.body.data).toHaveLength(1);
    const text = pending.body.data[0];
    expect(text).toMatchObject({ type: 'text', config: { placeholder: 'e.g. The return window closed on 2025-01-05', multiline: false } });

    expectError(
      await callInterrupts(h(), 'POST', '/interrupts/{interruptId}', `/interrupts/${text.id}`, { value: 42 }),
      400,
      'VALIDATION_ERROR',
    );
    const resolved = await callInterrupts(h(), 'POST', '/interrupts/{interruptId}', `/interrupts/${text.id}`, {
      value: 'The return window closed.',
    });
    expect(resolved.body.data).toMatchObject({ status: 'resolved', response: 'The return window closed.' });

    const once = await call(h(), 'GET', MESSAGES, `/playground/sessions/${second}/messages`);
    expect(once.body.sessionStatus).toBe('completed');
    const all = once.body.data as Message[];
    expectStrictlyOrdered(all);
    const replies = all.filter((m) => m.role === 'assistant' && !m.metadata.type);
    expect(replies.some((m) => m.content.includes('your refund request was declined: The return window closed.'))).toBe(true);
  });

  it('POST /interrupts/{interruptId}/cancel: 400 when allowCancel is false', async () => {
    const id: string = (
      await call(h(), 'POST', '/workflows/{id}/playground/sessions', '/workflows/refund-no-cancel/playground/sessions', {})
    ).body.data.id;
    await call(h(), 'POST', MESSAGES, `/playground/sessions/${id}/messages`, { content: 'Run workflow', inputs: {} });
    const polled = await pollAsEditor(h(), id);
    const prompt = polled.messages[polled.messages.length - 1];
    expect(prompt.metadata).toMatchObject({ type: 'interrupt_request', allow_cancel: false, allowCancel: false });
    const interruptId: string = prompt.metadata.interrupt_id;
    expect((await callInterrupts(h(), 'GET', '/interrupts/{interruptId}', `/interrupts/${interruptId}`)).body.data.allowCancel).toBe(false);
    expectError(
      await callInterrupts(h(), 'POST', '/interrupts/{interruptId}/cancel', `/interrupts/${interruptId}/cancel`),
      400,
      'VALIDATION_ERROR',
    );
    expect((await callInterrupts(h(), 'GET', '/interrupts/{interruptId}', `/interrupts/${interruptId}`)).body.data.status).toBe('pending');
  });

  it('the specification: GET /workflows/{id}/chat/messages after an interrupt conversation: only role user|assistant with string content; no log or interrupt entries', async () => {
    const { sessionId, messages } = await choiceCancelled();
    const res = await h().call('GET', `/workflows/${refund.id}/chat/messages?sessionId=${sessionId}`);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const byId = new Map(messages.map((m) => [m.id, m]));
    const items = res.body.data as Array<{ id: string; role: string; content: unknown }>;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(['user', 'assistant']).toContain(item.role);
      expect(typeof item.content).toBe('string');
      const stored = byId.get(item.id)!;
      expect(stored, `chat item ${item.id} is not a session message`).toBeDefined();
      expect(stored.role).not.toBe('log');
      expect(stored.metadata.type, `interrupt prompt in the chat history: ${stored.content}`).not.toBe('interrupt_request');
    }
    expect(items[0]).toMatchObject({ role: 'user', content: 'Run workflow' });
  });

  it('the specification: GET /workflows/{id}/chat/messages leaves out the answers to interrupts too', async () => {
    const { sessionId, messages } = await choiceCancelled();
    const res = await h().call('GET', `/workflows/${refund.id}/chat/messages?sessionId=${sessionId}`);
    const answers = messages.filter((m) => m.metadata.interrupt_id !== undefined && m.metadata.type !== 'interrupt_request');
    expect(answers.map((m) => [m.role, m.metadata.interrupt_status])).toEqual([
      ['log', 'resolved'],
      ['log', 'cancelled'],
    ]);
    const shown = (res.body.data as Array<{ id: string; content: string }>).filter((item) => answers.some((a) => a.id === item.id));
    expect(
      shown.map((i) => i.content),
      'interrupt answers in the seed chat history',
    ).toEqual([]);
  });
});

describeWithContract('the Agent Spec runtime API (POST /agentspec/flows/execute, /agentspec/executions/*)', () => {
  let flow: Record<string, unknown>;
  beforeAll(async () => {
    const summary = await readFixture('agentspec-summary.json');
    flow = (await fast.call('GET', `/workflows/${summary.id}/export/agentspec`)).body;
  });

  it('execute 200; status 200; results 200 once completed; the stream (Server-Sent Events); cancel 409 once finished; 404s', async () => {
    const started = await call(fast, 'POST', '/agentspec/flows/execute', '/agentspec/flows/execute', {
      flow,
      inputs: { user_input: 'The API was down for 20 minutes.' },
    });
    expect(started.status).toBe(200);
    const id: string = started.body.execution_id;
    await eventually(
      async () => (await call(fast, 'GET', '/agentspec/executions/{id}', `/agentspec/executions/${id}`)).body.status === 'completed',
      5000,
      'the flow to complete',
    );
    const results = await call(fast, 'GET', '/agentspec/executions/{id}/results', `/agentspec/executions/${id}/results`);
    expect(results.status).toBe(200);
    const stream = await call(fast, 'GET', '/agentspec/executions/{id}/stream', `/agentspec/executions/${id}/stream`);
    expect(stream.status).toBe(200);
    expect(stream.text).toContain('event: execution_complete');
    expectError(await call(fast, 'POST', '/agentspec/executions/{id}/cancel', `/agentspec/executions/${id}/cancel`), 409, 'CONFLICT');
    for (const path of ['', '/results', '/stream'])
      expectError(
        await call(fast, 'GET', `/agentspec/executions/{id}${path}`, `/agentspec/executions/${UNKNOWN}${path}`),
        404,
        'NOT_FOUND',
      );
    expectError(await call(fast, 'POST', '/agentspec/executions/{id}/cancel', `/agentspec/executions/${UNKNOWN}/cancel`), 404, 'NOT_FOUND');
  });

  it('execute: 400 without a flow, 422 (the error envelope and the verdict) for a flow that is not valid', async () => {
    expectError(await call(fast, 'POST', '/agentspec/flows/execute', '/agentspec/flows/execute', { inputs: {} }), 400, 'VALIDATION_ERROR');
    const invalid = await call(fast, 'POST', '/agentspec/flows/execute', '/agentspec/flows/execute', {
      flow: { ...flow, start_node: { $component_ref: 'nowhere' } },
    });
    expectError(invalid, 422, 'VALIDATION_ERROR');
    expect(invalid.body).toMatchObject({
      valid: false,
      errors: [expect.stringMatching(/^reference 'nowhere' is not defined in any \$referenced_components/)],
    });
  });

  it('cancel 200 on a running flow, results 404 while it is not completed', async () => {
    const id: string = (await call(slow, 'POST', '/agentspec/flows/execute', '/agentspec/flows/execute', { flow, inputs: {} })).body
      .execution_id;
    expectError(await call(slow, 'GET', '/agentspec/executions/{id}/results', `/agentspec/executions/${id}/results`), 404, 'NOT_FOUND');
    const cancelled = await call(slow, 'POST', '/agentspec/executions/{id}/cancel', `/agentspec/executions/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.success).toBe(true);
    const stream = await call(slow, 'GET', '/agentspec/executions/{id}/stream', `/agentspec/executions/${id}/stream`);
    expect(stream.text).toContain('event: execution_error');
  });
});
