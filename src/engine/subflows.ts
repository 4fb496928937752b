// Nested runs: the flow a FlowNode, MapNode, ParallelFlowNode, CatchExceptionNode or AgentNode holds in
// its config (a whole Agent Spec Flow, as the import keeps it) is read into a workflow once, planned, and
// walked by a Scheduler of its own. It shares the run's record, step budget, abort signal and hooks, so
// it is stopped, bounded and persisted like the run itself. Its jobs join the run's job list right after
// the job of the node that ran it: the id `job-<parent path>[<index>]/<node id>`, the label
// `<parent label> [<index>] › <node label>`, and `parent_job_id`.
import type { Workflow, WorkflowNode } from '../contract/types.js';
import { agentSpecToWorkflow } from '../agentspec/from-agentspec.js';
import { errorMessage, isRecord } from '../util/narrow.js';
import { NodeFailure } from './behaviours.js';
import type { SubflowHost, SubflowOutcome, SubflowParent, SubflowRequest } from './node-runtime.js';
import { planRun, type RunPlan } from './plan.js';
import { createJobs, Scheduler, type SchedulerHooks, type SchedulerOptions } from './scheduler.js';
import type { JobRecord, RunRecord } from './types.js';
import { isoNow } from '../util/clock.js';

/** What every nested run of one run shares: everything of the run's options but the flow's own inputs. */
export type SharedOptions = Omit<SchedulerOptions, 'subflows' | 'flowInputs'>;

const nameOf = (flow: Record<string, unknown>): string => (typeof flow.name === 'string' ? flow.name : 'subflow');

export class Subflows implements SubflowHost {
  /** Each flow object read and planned once per run, however often it runs. */
  private readonly plans = new WeakMap<object, RunPlan>();
  /** The run's jobs by id, so a nested run that runs again finds its jobs. */
  private readonly jobsById: Map<string, JobRecord>;

  constructor(
    private readonly record: RunRecord,
    private readonly options: SharedOptions,
    private readonly hooks: SchedulerHooks,
  ) {
    this.jobsById = new Map(record.jobs.map((j) => [j.id, j]));
  }

  async run(parent: SubflowParent, request: SubflowRequest, signal: AbortSignal): Promise<SubflowOutcome> {
    const flow = request.flow;
    if (!isRecord(flow)) throw new NodeFailure('its subflow is not an Agent Spec Flow');
    const plan = this.planOf(flow);
    const path = request.index === undefined ? parent.path : `${parent.path}[${request.index}]`;
    const label = request.index === undefined ? parent.label : `${parent.label} [${request.index}]`;
    const jobs = this.jobsFor(plan, parent, path, label);
    const pathOf = (nodeId: string) => `${path}/${nodeId}`;
    const scheduler = new Scheduler(
      plan,
      this.record,
      { ...this.options, signal, flowInputs: request.inputs, subflows: this },
      this.nestedHooks(pathOf, jobs),
      { jobs, pathOf, nested: true },
    );
    try {
      await scheduler.run();
    } catch (err) {
      for (const job of jobs.values()) if (job.status === 'running' || job.status === 'pending') job.status = 'cancelled';
      this.hooks.changed();
      if (!(err instanceof NodeFailure)) throw err;
      const failed = [...jobs.values()].find((j) => j.status === 'failed');
      throw new NodeFailure(`in its subflow '${nameOf(flow)}'${failed ? `, '${failed.node_label}'` : ''} failed: ${errorMessage(err)}`);
    }
    const ended = scheduler.ended;
    if (!ended) {
      this.hooks.log('warning', `Its subflow '${nameOf(flow)}' finished without reaching an EndNode`, parent.path);
      return { outputs: {}, branch: 'next' };
    }
    return { outputs: declaredOutputs(flow, ended.values), branch: ended.branch };
  }

  private planOf(flow: Record<string, unknown>): RunPlan {
    const known = this.plans.get(flow);
    if (known) return known;
    let workflow: Workflow;
    try {
      workflow = agentSpecToWorkflow(flow, { now: isoNow(this.options.clock) });
    } catch (err) {
      throw new NodeFailure(`its subflow '${nameOf(flow)}' cannot be read: ${errorMessage(err)}`);
    }
    const planned = planRun(workflow);
    if (!planned.ok) throw new NodeFailure(`its subflow '${nameOf(flow)}' cannot run: ${planned.errors.join('; ')}`);
    this.plans.set(flow, planned.plan);
    return planned.plan;
  }

  /** The nested run's jobs by node id: the ones of an earlier run of it (reset to pending), or new ones in place. */
  private jobsFor(plan: RunPlan, parent: SubflowParent, path: string, label: string): Map<string, JobRecord> {
    const jobs = new Map<string, JobRecord>();
    const added: JobRecord[] = [];
    for (const template of createJobs(plan)) {
      const id = `job-${path}/${template.node_id}`;
      const known = this.jobsById.get(id);
      if (known) {
        known.status = 'pending';
        delete known.error_message;
        jobs.set(template.node_id, known);
        continue;
      }
      const job: JobRecord = {
        ...template,
        id,
        node_id: `${path}/${template.node_id}`,
        node_label: `${label} › ${template.node_label}`,
        parent_job_id: parent.jobId,
      };
      this.jobsById.set(id, job);
      jobs.set(template.node_id, job);
      added.push(job);
    }
    if (added.length > 0) this.record.jobs.splice(this.endOfSubtree(parent), 0, ...added);
    return jobs;
  }

  /** The index after the parent's job and every job nested under it (their node ids start with its path). */
  private endOfSubtree(parent: SubflowParent): number {
    const jobs = this.record.jobs;
    const start = jobs.findIndex((j) => j.id === parent.jobId);
    if (start < 0) return jobs.length;
    let end = start + 1;
    while (end < jobs.length && (jobs[end].node_id.startsWith(`${parent.path}/`) || jobs[end].node_id.startsWith(`${parent.path}[`))) end++;
    return end;
  }

  /** The run's hooks, with each node named by its path and label in the run. */
  private nestedHooks(pathOf: (nodeId: string) => string, jobs: Map<string, JobRecord>): SchedulerHooks {
    const inRun = (node: WorkflowNode): WorkflowNode => ({
      ...node,
      id: pathOf(node.id),
      data: { ...node.data, label: jobs.get(node.id)?.node_label ?? node.data.label },
    });
    return {
      changed: () => this.hooks.changed(),
      log: (level, message, nodeId, context) => this.hooks.log(level, message, nodeId === undefined ? undefined : pathOf(nodeId), context),
      reply: (text, node) => this.hooks.reply(text, inRun(node)),
      interrupt: (request, node) => this.hooks.interrupt(request, inRun(node)),
    };
  }
}

/**
 * A flow's outputs: the EndNode's values, limited to the outputs the flow declares when it declares any,
 * each missing one given its default.
 */
function declaredOutputs(flow: Record<string, unknown>, values: Record<string, unknown>): Record<string, unknown> {
  const declared = Array.isArray(flow.outputs) ? flow.outputs.filter(isRecord) : [];
  if (declared.length === 0) return values;
  const outputs: Record<string, unknown> = {};
  for (const property of declared) {
    if (typeof property.title !== 'string') continue;
    const value = values[property.title] ?? property.default;
    if (value !== undefined) outputs[property.title] = value;
  }
  return outputs;
}
