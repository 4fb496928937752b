// What a running node may ask of the run it is in, beyond its own inputs and config: nested flows, the
// job it reports progress on, the run's abort signal, and (with --live) real model and HTTP calls. The
// scheduler builds one per execution; the behaviours only see this interface, so none of them imports
// the scheduler, the nested-run machinery or the network code.

/** The run was stopped (cancelled, timed out, the server closing): nothing catches it. */
export class RunAborted extends Error {}

/**
 * The run spent its step budget. It bounds the whole run, nested flows included, so a CatchExceptionNode
 * does not catch it.
 */
export class RunLimitReached extends Error {}

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** How a nested flow ended: the values its EndNode received (with the flow's defaults) and its branch. */
export interface SubflowOutcome {
  outputs: Record<string, unknown>;
  branch: string;
}

export interface SubflowRequest {
  /** The Agent Spec Flow component, as the node's config holds it. */
  flow: unknown;
  inputs: Record<string, unknown>;
  /**
   * Which run of the node this is, when the node runs its flow more than once per execution (a map item,
   * one flow of a parallel node): it keeps the nested jobs of each apart.
   */
  index?: number;
  /** An abort signal narrower than the run's (a parallel group stops its siblings when one fails). */
  signal?: AbortSignal;
}

/** One chat completion, as a live model call is asked for it. */
export interface ModelRequest {
  system?: string;
  prompt: string;
  history: ChatTurn[];
  /** The node's config: where the endpoint, model and generation parameters are read from. */
  config: Record<string, unknown>;
  /** Output names when the node asks for structured output (several outputs, or one that is not a string). */
  structured?: string[];
}

export interface ModelAnswer {
  text: string;
  /** Parsed JSON when structured output was asked for. */
  json?: Record<string, unknown>;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  latency_ms: number;
  endpoint: string;
  model: string;
}

export interface HttpCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: unknown;
}

export interface HttpAnswer {
  status: number;
  response: unknown;
  headers: Record<string, string>;
}

/** The network, when the run may use it (`wfe serve --live`); absent, every node stays simulated. */
export interface LiveServices {
  chat(request: ModelRequest, progress: (update: Record<string, unknown>) => void, signal: AbortSignal): Promise<ModelAnswer>;
  /** A real request, or undefined when the host is not allowed (the node then stays simulated). */
  http(call: HttpCall, signal: AbortSignal): Promise<HttpAnswer | undefined>;
}

/** Where a node that runs a nested flow sits: its path (its job's node_id), its job's label and id. */
export interface SubflowParent {
  path: string;
  label: string;
  jobId: string;
}

/** Runs nested flows for the nodes of a run (subflows.ts). */
export interface SubflowHost {
  run(parent: SubflowParent, request: SubflowRequest, signal: AbortSignal): Promise<SubflowOutcome>;
}

export interface NodeRuntime {
  signal: AbortSignal;
  /** The inputs the flow this node belongs to was started with (a nested flow's mapped inputs). */
  flowInputs: Record<string, unknown>;
  /** Whether this node runs inside a nested flow. */
  nested: boolean;
  runSubflow(request: SubflowRequest): Promise<SubflowOutcome>;
  /** Progress on the node's job while it runs (tokens received, tool calls): the pipeline view polls it. */
  progress(update: Record<string, unknown>): void;
  log(level: 'debug' | 'info' | 'warning' | 'error', message: string, context?: Record<string, unknown>): void;
  live?: LiveServices;
}
