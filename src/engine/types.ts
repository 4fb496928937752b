// The run side's records, as persisted under <dir>/.wfe/ and served by the pipeline, execution,
// playground and interrupt routes. Field names follow the OpenAPI document (snake_case for pipelines,
// camelCase for playground and interrupts).

export type RunStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';
export type JobStatus = 'pending' | 'running' | 'completed' | 'failed' | 'skipped' | 'cancelled';
type LogLevel = 'debug' | 'info' | 'warning' | 'error';

export interface JobRecord {
  id: string;
  node_id: string;
  node_label: string;
  node_type: string;
  status: JobStatus;
  execution_count: number;
  started?: string;
  completed?: string;
  /** Milliseconds of the last execution. */
  execution_time?: number;
  error_message?: string;
  outputs?: Record<string, unknown>;
  /** While it runs (and after): what a live model call has received so far (tokens, tool calls). */
  progress?: Record<string, unknown>;
  /** A job of a nested flow: the job of the node that ran that flow. */
  parent_job_id?: string;
}

interface LogEntry {
  timestamp: string;
  level: LogLevel;
  message: string;
  node_id?: string;
  context: Record<string, unknown>;
}

export type InterruptType = 'confirmation' | 'choice' | 'text' | 'form' | 'review';
export type InterruptStatus = 'pending' | 'resolved' | 'cancelled';

export interface InterruptRecord {
  id: string;
  type: InterruptType;
  status: InterruptStatus;
  nodeId: string;
  executionId: string;
  pipelineId: string;
  sessionId?: string;
  messageId?: string;
  message: string;
  /** The OpenAPI interrupt config of its type (snake_case keys). */
  config: Record<string, unknown>;
  allowCancel: boolean;
  /** Raised by an Agent Spec InputMessageNode: the session's next chat message answers it. */
  awaitsMessage?: boolean;
  response?: unknown;
  response_time?: string;
  createdAt: string;
  resolvedAt?: string;
}

export type RunOrigin = 'api' | 'playground' | 'pipeline';

export interface RunRecord {
  id: string;
  workflow_id: string;
  workflow_name: string;
  status: RunStatus;
  origin: RunOrigin;
  session_id?: string;
  created: string;
  updated: string;
  started?: string;
  finished?: string;
  error?: string;
  inputs: Record<string, unknown>;
  options: { maxSteps?: number; timeoutMs?: number };
  steps: number;
  jobs: JobRecord[];
  logs: LogEntry[];
  interrupts: InterruptRecord[];
  /** Values of the output and end nodes, by node id. */
  results: Record<string, unknown>;
  /** The flow's outputs by name: what the end node it reached received (Agent Spec: the Flow's outputs). */
  outputs?: Record<string, unknown>;
}

/** awaiting_input: the editor's name for idle while a run waits for an interrupt (`wfe serve --waiting-status`). */
type SessionStatus = 'idle' | 'running' | 'completed' | 'failed' | 'awaiting_input';
export type MessageRole = 'user' | 'assistant' | 'system' | 'log';
type MessageStatus = 'pending' | 'processing' | 'completed' | 'failed';

export interface MessageRecord {
  id: string;
  sessionId: string;
  role: MessageRole;
  content: string;
  timestamp: string;
  status: MessageStatus;
  sequenceNumber: number;
  parentMessageId: string | null;
  executionId: string | null;
  nodeId: string | null;
  metadata: Record<string, unknown>;
}

export interface SessionRecord {
  id: string;
  workflowId: string;
  name: string;
  status: SessionStatus;
  createdAt: string;
  updatedAt: string;
  metadata: Record<string, unknown>;
  messages: MessageRecord[];
  /** The run started by the latest user message. */
  lastRunId?: string;
}
