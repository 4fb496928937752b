// Playground sessions and their messages, persisted under <dir>/.wfe/sessions. Messages get strictly
// increasing sequence numbers and timestamps, so the editor's `since` polling never skips or repeats one.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { NotFoundError } from '../util/domain-errors.js';
import type { Logger } from '../util/logger.js';
import type { ChatTurn } from './behaviours.js';
import { RecordStore } from './record-store.js';
import type { MessageRecord, MessageRole, SessionRecord } from './types.js';
import { isoNow, type Clock } from '../util/clock.js';

export type MessageExtra = Partial<Pick<MessageRecord, 'executionId' | 'nodeId' | 'parentMessageId' | 'status' | 'metadata'>>;

export class Sessions {
  private readonly sessions = new Map<string, SessionRecord>();
  private readonly store: RecordStore<SessionRecord>;

  constructor(
    dir: string,
    logger: Logger,
    private readonly onMessage: (session: SessionRecord, message: MessageRecord) => void,
    private readonly clock: Clock,
  ) {
    this.store = new RecordStore(join(dir, '.wfe', 'sessions'), logger, (id) => this.sessions.get(id));
  }

  /**
   * Loads every stored session. One whose run was cut off (`wasCutOff`) is marked failed, and says so in
   * a message that re-enables the editor's Run button.
   */
  recover(wasCutOff: (session: SessionRecord) => boolean): void {
    for (const session of this.store.loadAll()) {
      this.sessions.set(session.id, session);
      if (!wasCutOff(session)) continue;
      session.status = 'failed';
      if (session.lastRunId) this.closePrompts(session, session.lastRunId);
      this.addMessage(
        session,
        'assistant',
        'The server restarted while this run was in progress, so it was stopped. Send your message again to run the workflow.',
        {
          executionId: session.lastRunId ?? null,
          metadata: { level: 'error', enableRun: true },
        },
      );
    }
  }

  /** Newest first. */
  list(workflowId: string): SessionRecord[] {
    return [...this.sessions.values()]
      .filter((s) => s.workflowId === workflowId)
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }

  create(workflowId: string, name: string | undefined, metadata: Record<string, unknown> = {}): SessionRecord {
    const created = isoNow(this.clock);
    const session: SessionRecord = {
      id: randomUUID(),
      workflowId,
      name: name && name.trim() ? name : `Session ${this.list(workflowId).length + 1}`,
      status: 'idle',
      createdAt: created,
      updatedAt: created,
      metadata,
      messages: [],
    };
    this.sessions.set(session.id, session);
    this.touch(session);
    return session;
  }

  find(id: string): SessionRecord | undefined {
    return this.sessions.get(id);
  }

  get(id: string): SessionRecord {
    const session = this.sessions.get(id);
    if (!session) throw new NotFoundError(`playground session '${id}'`);
    return session;
  }

  /** The workflow's most recently updated session (what GET /workflows/{id}/chat/messages reads). */
  latest(workflowId: string): SessionRecord | undefined {
    return [...this.sessions.values()].filter((s) => s.workflowId === workflowId).sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1))[0];
  }

  async remove(id: string): Promise<void> {
    this.sessions.delete(id);
    await this.store.remove(id);
  }

  /** Messages strictly after `since`, oldest first, at most `limit`. */
  messagesSince(sessionId: string, since: string | undefined, limit: number): { messages: MessageRecord[]; hasMore: boolean } {
    const session = this.get(sessionId);
    const after = since === undefined ? -Infinity : Date.parse(since);
    const matching = session.messages.filter((m) => Date.parse(m.timestamp) > after);
    return { messages: matching.slice(0, limit), hasMore: matching.length > limit };
  }

  /** The conversation so far, as a model sees it: user and assistant turns, without interrupt prompts or answers. */
  chatHistory(session: SessionRecord): ChatTurn[] {
    const turns: ChatTurn[] = [];
    for (const m of session.messages) {
      if ((m.role === 'user' || m.role === 'assistant') && !m.metadata.type && !m.metadata.interrupt_id)
        turns.push({ role: m.role, content: m.content });
    }
    return turns;
  }

  addMessage(session: SessionRecord, role: MessageRole, content: string, extra: MessageExtra = {}): MessageRecord {
    const last = session.messages[session.messages.length - 1];
    const stamp = Math.max(this.clock.now().getTime(), last ? Date.parse(last.timestamp) + 1 : 0);
    const message: MessageRecord = {
      id: randomUUID(),
      sessionId: session.id,
      role,
      content,
      timestamp: new Date(stamp).toISOString(),
      status: extra.status ?? 'completed',
      sequenceNumber: (last?.sequenceNumber ?? 0) + 1,
      parentMessageId: extra.parentMessageId ?? null,
      executionId: extra.executionId ?? null,
      nodeId: extra.nodeId ?? null,
      metadata: extra.metadata ?? {},
    };
    session.messages.push(message);
    this.touch(session);
    this.onMessage(session, message);
    return message;
  }

  /**
   * The prompts of a run that waits no more (stopped, failed, cut off by a restart) show that their
   * interrupt was cancelled, as an explicit cancel shows it: an editor that loads the session again then
   * draws no live buttons that could only answer 409.
   */
  closePrompts(session: SessionRecord, runId: string): void {
    for (const m of session.messages)
      if (m.executionId === runId && m.status === 'pending' && m.metadata.interrupt_id !== undefined) {
        m.status = 'completed';
        m.metadata.interrupt_status = 'cancelled';
        m.metadata.response_value = null;
      }
  }

  /** Takes back a message that was stored for a run that then could not start. */
  removeMessage(session: SessionRecord, message: MessageRecord): void {
    session.messages.splice(session.messages.indexOf(message), 1);
    this.touch(session);
  }

  touch(session: SessionRecord): void {
    session.updatedAt = isoNow(this.clock);
    this.store.save(session.id);
  }

  flush(sessionId?: string): Promise<void> {
    return this.store.flush(sessionId);
  }
}
