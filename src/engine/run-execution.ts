// How one run is carried out: by the built-in scheduler over the planned graph, or by an external Agent
// Spec runtime (--runtime) that is handed the exported flow. Both report through the same hooks.
import type { AsComponent } from '../agentspec/types.js';
import { isRecord } from '../util/narrow.js';
import type { ChatTurn, MockSpec } from './behaviours.js';
import type { LiveServices } from './node-runtime.js';
import type { RunPlan } from './plan.js';
import { runRemotely } from './remote-runtime.js';
import { Scheduler, type SchedulerHooks } from './scheduler.js';
import { Subflows, type SharedOptions } from './subflows.js';
import type { RunRecord } from './types.js';
import type { Clock } from '../util/clock.js';

export interface RunExecution {
  plan: RunPlan;
  run: RunRecord;
  inputs: Record<string, unknown>;
  message: string;
  history: ChatTurn[];
  stepDelayMs: number;
  maxSteps: number;
  mocks: Record<string, MockSpec>;
  signal: AbortSignal;
  clock: Clock;
  hooks: SchedulerHooks;
  /** Real model and HTTP calls, when the run is live; simulated otherwise. */
  live?: LiveServices;
  /** Set with --runtime: the runtime's URL and the flow it runs. */
  remote?: { url: string; pollMs: number; flow: AsComponent; reply(text: string): void };
}

/** `inputs` entries that are objects override that node's config ({[nodeId]: {[field]: value}}). */
function configOverrides(inputs: Record<string, unknown>): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(inputs)) if (isRecord(value)) out[key] = value;
  return out;
}

/** Resolves when the run completes; rejects with RunAborted when stopped, or the failure otherwise. */
export function executeRun(x: RunExecution): Promise<void> {
  const { hooks, remote } = x;
  if (remote) {
    return runRemotely(x.run, {
      url: remote.url,
      clock: x.clock,
      flow: remote.flow,
      inputs: x.inputs,
      message: x.message,
      history: x.history,
      signal: x.signal,
      pollMs: remote.pollMs,
      changed: hooks.changed,
      log: (level, message, nodeId) => hooks.log(level, message, nodeId),
      reply: remote.reply,
    });
  }
  const shared: SharedOptions = {
    stepDelayMs: x.stepDelayMs,
    maxSteps: x.maxSteps,
    message: x.message,
    history: x.history,
    overrides: configOverrides(x.inputs),
    mockFor: (node, typeId) => x.mocks[node.id] ?? x.mocks[typeId],
    signal: x.signal,
    clock: x.clock,
    budget: { visits: 0 },
    ...(x.live ? { live: x.live } : {}),
  };
  const subflows = new Subflows(x.run, shared, hooks);
  return new Scheduler(x.plan, x.run, { ...shared, flowInputs: x.inputs, subflows }, hooks).run();
}
