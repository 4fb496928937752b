// src/engine/run-history.ts: which finished runs a workflow keeps. The server test of the same
// (run-restart.test.ts) runs a handful with a small limit; here the default, on records alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RunHistory } from '../src/engine/run-history.js';
import { RunRegistry } from '../src/engine/run-registry.js';
import type { RunRecord, RunStatus } from '../src/engine/types.js';
import { silentLogger } from '../src/util/logger.js';
import { systemClock } from '../src/util/clock.js';

const dir = mkdtempSync(join(tmpdir(), 'wfe-run-history-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A run record of `workflowId` created `minute` minutes into the day. */
function run(workflowId: string, minute: number, status: RunStatus): RunRecord {
  const created = new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
  return {
    id: `${workflowId}-${String(minute).padStart(4, '0')}`,
    workflow_id: workflowId,
    workflow_name: workflowId,
    status,
    origin: 'pipeline',
    created,
    updated: created,
    inputs: {},
    options: {},
    steps: 0,
    jobs: [],
    logs: [],
    interrupts: [],
    results: {},
  };
}

describe('RunHistory.prune', () => {
  it("keeps a workflow's newest 200 finished runs by default, and leaves runs in progress and other workflows alone", () => {
    const registry = new RunRegistry();
    const finished = Array.from({ length: 203 }, (_, minute) => run('wf', minute, minute % 2 ? 'completed' : 'failed'));
    const running = run('wf', 1, 'running');
    running.id = 'wf-running';
    const others = Array.from({ length: 210 }, (_, minute) => run('other', minute, 'completed'));
    for (const record of [...finished, running, ...others]) registry.add(record);
    const history = new RunHistory({ dir, logger: silentLogger, registry, clock: systemClock });

    const dropped = history.prune('wf');

    expect(dropped.map((r) => r.id).sort()).toEqual(finished.slice(0, 3).map((r) => r.id));
    expect(registry.list({ workflowId: 'wf' })).toHaveLength(201);
    expect(registry.get('wf-running')).toBe(running);
    expect(registry.list({ workflowId: 'other' })).toHaveLength(210);
  });
});
