// Playground conversations: a user's message starts a run in its session, the playground's stop button
// cancels it, and a finished run closes its conversation with a reply the editor can show. The engine
// hands in the parts it owns (sessions, interrupts, starting and cancelling runs); nothing here is kept.
import type { Workflow } from '../contract/types.js';
import { ConflictError } from '../util/domain-errors.js';
import type { ChatTurn } from './behaviours.js';
import type { Interrupts } from './interrupts.js';
import type { Sessions } from './sessions.js';
import type { InterruptRecord, MessageRecord, RunRecord, RunStatus, SessionRecord } from './types.js';

/** What a playground message asks the engine to run. */
interface ConversationRunInput {
  origin: 'playground';
  inputs: Record<string, unknown>;
  sessionId: string;
  message: string;
  history: ChatTurn[];
}

export interface PlaygroundParts {
  sessions: Sessions;
  interrupts: Pick<Interrupts, 'list'>;
  isRunActive(runId: string): boolean;
  startRun(workflow: Workflow, input: ConversationRunInput): Promise<RunRecord>;
  cancelRun(runId: string, message: string): Promise<RunRecord>;
  /** Answers a pending interrupt; throws at once when it cannot be answered, else settles when the run pauses or ends. */
  answerInterrupt(interruptId: string, value: unknown): Promise<unknown>;
}

/** How a run ended, as its conversation is closed. */
export interface RunOutcome {
  finished: string;
  status: RunStatus;
  error?: string;
}

export class Playground {
  constructor(private readonly parts: PlaygroundParts) {}

  /** Stores the user's message, sets the session running, and starts the run before returning. */
  async sendMessage(sessionId: string, workflow: Workflow, content: string, inputs: Record<string, unknown>): Promise<MessageRecord> {
    const { sessions } = this.parts;
    const session = sessions.get(sessionId);
    const waiting = this.parts.interrupts.list({ sessionId, status: 'pending' })[0];
    if (waiting?.awaitsMessage) return this.answerWith(session, waiting, content);
    if (waiting) throw new ConflictError(`Session is waiting for an answer to interrupt '${waiting.id}'; resolve or cancel it first`);
    if (session.status === 'running' || (session.lastRunId && this.parts.isRunActive(session.lastRunId)))
      throw new ConflictError('Session is already executing');
    const history = sessions.chatHistory(session);
    const message = sessions.addMessage(session, 'user', content, {
      status: 'pending',
      metadata: Object.keys(inputs).length > 0 ? { inputs } : {},
    });
    // Running from here on: a second message sent while the run's record is written is refused as one sent
    // while the run runs.
    const before = session.status;
    session.status = 'running';
    let run: RunRecord;
    try {
      run = await this.parts.startRun(workflow, { origin: 'playground', inputs, sessionId, message: content, history });
    } catch (err) {
      session.status = before;
      sessions.removeMessage(session, message);
      throw err;
    }
    message.executionId = run.id;
    session.lastRunId = run.id;
    session.status = 'running';
    sessions.touch(session);
    return message;
  }

  /**
   * A run waiting at an Agent Spec InputMessageNode takes the user's next chat message as its answer: the
   * message is stored as a user turn and the same run goes on (no new run starts).
   */
  private answerWith(session: SessionRecord, interrupt: InterruptRecord, content: string): MessageRecord {
    const { sessions } = this.parts;
    const message = sessions.addMessage(session, 'user', content, {
      executionId: interrupt.executionId,
      parentMessageId: interrupt.messageId ?? null,
    });
    let answered: Promise<unknown>;
    try {
      answered = this.parts.answerInterrupt(interrupt.id, content);
    } catch (err) {
      sessions.removeMessage(session, message);
      throw err;
    }
    // The run goes on in the background, as a run started by a message does; its end closes the conversation.
    answered.catch(() => undefined);
    return message;
  }

  async stopSession(sessionId: string): Promise<void> {
    const { sessions } = this.parts;
    const session = sessions.get(sessionId);
    if (!session.lastRunId || !this.parts.isRunActive(session.lastRunId))
      throw new ConflictError('No execution is running in this session');
    await this.parts.cancelRun(session.lastRunId, 'Stopped from the playground');
    session.status = 'idle';
    sessions.touch(session);
    await sessions.flush(sessionId);
  }

  /**
   * The conversation of a finished run, if the run was its session's last: the session's status, and a
   * closing message that re-enables the Run button.
   */
  closeConversation(run: RunRecord, outcome: RunOutcome): void {
    const session = run.session_id ? this.parts.sessions.find(run.session_id) : undefined;
    if (session && session.lastRunId === run.id) this.close(session, run, outcome);
  }

  private close(session: SessionRecord, run: RunRecord, { finished, status, error }: RunOutcome): void {
    const { sessions } = this.parts;
    session.status = status === 'completed' ? 'completed' : status === 'failed' ? 'failed' : 'idle';
    sessions.closePrompts(session, run.id);
    for (const m of session.messages)
      if (m.executionId === run.id && m.role === 'user' && m.status === 'pending') m.status = status === 'failed' ? 'failed' : 'completed';
    const replied = session.messages.some((m) => m.executionId === run.id && m.role === 'assistant' && !m.metadata.type);
    const endValue = Object.values(run.results).find(
      (v) => v !== null && v !== '' && !(typeof v === 'object' && Object.keys(v).length === 0),
    );
    const text =
      status === 'completed'
        ? replied
          ? undefined
          : endValue !== undefined
            ? typeof endValue === 'string'
              ? endValue
              : JSON.stringify(endValue)
            : 'The workflow finished without a chat or text output.'
        : status === 'failed'
          ? `The run failed: ${error}`
          : `The run was stopped.`;
    // The editor ignores updates to messages it has seen, so the Run button is re-enabled by a new
    // message once the run is over: the closing reply, or else a log line (hidden in the chat).
    if (text)
      sessions.addMessage(session, 'assistant', text, {
        executionId: run.id,
        metadata: { level: status === 'failed' ? 'error' : 'info', enableRun: true },
      });
    else
      sessions.addMessage(session, 'log', `Run completed in ${Date.parse(finished) - Date.parse(run.started ?? run.created)} ms`, {
        executionId: run.id,
        metadata: { level: 'info', enableRun: true },
      });
    sessions.touch(session);
  }
}
