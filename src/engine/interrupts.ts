// Interrupts: what a human_review node raises, how the editor sees it (an assistant message with
// interrupt metadata), which answers are acceptable, and how a paused run waits for one.
import { randomUUID } from 'node:crypto';
import type { WorkflowNode } from '../contract/types.js';
import { ConflictError, InvalidInputError, NotFoundError } from '../util/domain-errors.js';
import type { InterruptAnswer, InterruptRequest } from './behaviours.js';
import { interruptValueProblems } from './interrupt-values.js';
import type { ActiveRun } from './run-registry.js';
import { RunAborted } from './scheduler.js';
import type { InterruptRecord, InterruptStatus, RunRecord } from './types.js';
import { isoNow, type Clock } from '../util/clock.js';

export class Interrupts {
  private readonly interrupts = new Map<string, InterruptRecord>();

  constructor(private readonly clock: Clock) {}

  /** Creates a pending interrupt of `run`, raised by `node`, and records it on the run. */
  raise(run: RunRecord, request: InterruptRequest, node: WorkflowNode, sessionId?: string): InterruptRecord {
    const interrupt: InterruptRecord = {
      id: randomUUID(),
      type: request.type,
      status: 'pending',
      nodeId: node.id,
      executionId: run.id,
      pipelineId: run.id,
      ...(sessionId ? { sessionId } : {}),
      message: request.message,
      config: request.config,
      allowCancel: request.allowCancel,
      ...(request.awaitsMessage ? { awaitsMessage: true } : {}),
      createdAt: isoNow(this.clock),
    };
    run.interrupts.push(interrupt);
    this.interrupts.set(interrupt.id, interrupt);
    return interrupt;
  }

  /** Makes a run's interrupts (from history) reachable by id. */
  addFrom(run: RunRecord): void {
    for (const i of run.interrupts) this.interrupts.set(i.id, i);
  }

  forgetFrom(run: RunRecord): void {
    for (const i of run.interrupts) this.interrupts.delete(i.id);
  }

  get(id: string): InterruptRecord | undefined {
    return this.interrupts.get(id);
  }

  /** Oldest first. */
  list(filter: { sessionId?: string; pipelineId?: string; status?: InterruptStatus }): InterruptRecord[] {
    return [...this.interrupts.values()]
      .filter(
        (i) =>
          (!filter.sessionId || i.sessionId === filter.sessionId) &&
          (!filter.pipelineId || i.pipelineId === filter.pipelineId) &&
          (!filter.status || i.status === filter.status),
      )
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  }

  /** The interrupt, if it is pending and its run is waiting for it (`waitingFor` names what a run waits for). */
  pending(id: string, waitingFor: (runId: string) => string | undefined): InterruptRecord {
    const interrupt = this.interrupts.get(id);
    if (!interrupt) throw new NotFoundError(`interrupt '${id}'`);
    if (interrupt.status !== 'pending') throw new ConflictError(`Interrupt '${id}' is already ${interrupt.status}`);
    if (waitingFor(interrupt.executionId) !== id) throw new ConflictError(`Interrupt '${id}' no longer has a run waiting for it`);
    return interrupt;
  }

  /** Throws InvalidInputError (field `value`) unless `value` answers the interrupt. */
  checkAnswer(interrupt: InterruptRecord, value: unknown): void {
    const problems = interruptValueProblems(interrupt, value);
    if (problems.length > 0) throw new InvalidInputError('value', `${problems.join('; ')} (a ${interrupt.type} interrupt)`);
  }

  checkCancellable(interrupt: InterruptRecord): void {
    if (!interrupt.allowCancel)
      throw new InvalidInputError(
        'interruptId',
        `cannot be cancelled (interrupt '${interrupt.id}' has allowCancel false); answer it instead`,
      );
  }

  /** Records the outcome on the interrupt itself. */
  close(interrupt: InterruptRecord, status: InterruptStatus, answer: InterruptAnswer): void {
    interrupt.status = status;
    interrupt.resolvedAt = isoNow(this.clock);
    interrupt.response_time = interrupt.resolvedAt;
    if (status === 'resolved') interrupt.response = answer.value;
  }
}

/** The metadata of the assistant message that shows an interrupt: what the editor's InterruptBubble renders. */
export function promptMetadata(interrupt: InterruptRecord, request: InterruptRequest, node: WorkflowNode): Record<string, unknown> {
  return {
    type: 'interrupt_request',
    interrupt_id: interrupt.id,
    interrupt_type: interrupt.type,
    node_id: node.id,
    execution_id: interrupt.executionId,
    message: request.message,
    // The OpenAPI names the flag allowCancel; the editor reads allow_cancel.
    allowCancel: interrupt.allowCancel,
    allow_cancel: interrupt.allowCancel,
    nodeLabel: node.data?.label,
    ...request.config,
    ...(request.type === 'form' && request.config.default_values ? { default_value: request.config.default_values } : {}),
  };
}

/**
 * How an answer enters the conversation: a log entry (the editor hides logs unless shown inline) with the
 * interrupt and the value in its metadata. A user turn would render the raw value as a chat bubble; the
 * prompt message itself shows the answer (response_value).
 */
export function answerEntry(interrupt: InterruptRecord, answer: InterruptAnswer): { content: string; metadata: Record<string, unknown> } {
  const content =
    interrupt.status === 'cancelled'
      ? `Interrupt cancelled (${interrupt.type})`
      : `Interrupt resolved (${interrupt.type}): ${JSON.stringify(answer.value)}`;
  return {
    content,
    metadata: {
      level: 'info',
      interrupt_id: interrupt.id,
      interrupt_type: interrupt.type,
      interrupt_status: interrupt.status,
      response_value: answer.value ?? null,
    },
  };
}

/** Pauses `active` until the interrupt is answered; rejects with RunAborted if the run is stopped first. */
export function waitForAnswer(active: ActiveRun, interruptId: string): Promise<InterruptAnswer> {
  return new Promise<InterruptAnswer>((resolve, reject) => {
    const onAbort = () => reject(new RunAborted());
    active.controller.signal.addEventListener('abort', onAbort, { once: true });
    active.waiting = {
      interruptId,
      answer: (a) => {
        active.controller.signal.removeEventListener('abort', onAbort);
        active.waiting = undefined;
        resolve(a);
      },
    };
  });
}
