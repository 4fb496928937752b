// agentspec_version: which release of the format a document needs. pyagentspec writes the lowest version
// that covers every component (and every field set to a non-null value), and refuses a document that
// declares less. The tables follow the official JSON Schemas: the release whose schema first accepts the
// component or field.
import { isOneOf } from '../util/narrow.js';
import { isComponent, isObject, type AsObject, type AsValue } from './types.js';

export const AGENTSPEC_VERSIONS = ['25.4.1', '25.4.2', '26.1.0', '26.1.2', '26.2.0'] as const;
export type AgentSpecVersion = (typeof AGENTSPEC_VERSIONS)[number];
const OLDEST_VERSION: AgentSpecVersion = '25.4.1';

const SINCE_25_4_2 = [
  'A2AAgent',
  'A2AConnectionConfig',
  'AgentSpecializationParameters',
  'BuiltinTool',
  'MCPToolBox',
  'MCPToolSpec',
  'ManagerWorkers',
  'OpenAiCompatibleConfig',
  'ParallelFlowNode',
  'ParallelMapNode',
  'SSETransport',
  'SpecializedAgent',
  'StreamableHTTPTransport',
  'Swarm',
];
const SINCE_26_1_2 = [
  'CatchExceptionNode',
  'ConversationSummarizationTransform',
  'GeminiAIStudioAuthConfig',
  'GeminiConfig',
  'GeminiVertexAIAuthConfig',
  'InMemoryCollectionDatastore',
  'LlmConfig',
  'MTlsOracleDatabaseConnectionConfig',
  'MessageSummarizationTransform',
  'OAuthClientConfig',
  'OAuthConfig',
  'OracleDatabaseDatastore',
  'PostgresDatabaseDatastore',
  'TlsOracleDatabaseConnectionConfig',
  'TlsPostgresDatabaseConnectionConfig',
];

const componentSince = new Map<string, AgentSpecVersion>([
  ...SINCE_25_4_2.map((t) => [t, '25.4.2'] as const),
  ...SINCE_26_1_2.map((t) => [t, '26.1.2'] as const),
]);

// What a component's configuration needs beyond its type's release, as pyagentspec infers it: most
// fields count once set (a sensitive field written as a `{"$component_ref": "<id>.<field>"}` placeholder
// is set), a few only with a value other than their default.
type Need = (value: AsValue | undefined) => boolean;
const isSet: Need = (v) => v !== undefined && v !== null;
const nonEmpty: Need = (v) => isSet(v) && !(Array.isArray(v) && v.length === 0) && !(isObject(v) && Object.keys(v).length === 0);
const isTrue: Need = (v) => v === true;
const isFalse: Need = (v) => v === false;
const notChatCompletions: Need = (v) => isSet(v) && v !== 'chat_completions';
// An ApiNode's or RemoteTool's data that is not an object: pyagentspec allows it from 25.4.2, the official
// JSON Schemas from 26.1.0; the later release satisfies both.
const notAnObject: Need = (v) => isSet(v) && !isObject(v);

type FieldRules = Record<string, [AgentSpecVersion, Need]>;
const TOOL: FieldRules = { requires_confirmation: ['25.4.2', isTrue] };
const HTTP_CALL: FieldRules = {
  data: ['26.1.0', notAnObject],
  sensitive_headers: ['25.4.2', nonEmpty],
  url_allow_list: ['26.1.2', isSet],
  retry_policy: ['26.1.2', isSet],
};
const OPENAI_COMPATIBLE: FieldRules = {
  api_key: ['25.4.2', isSet],
  api_type: ['25.4.2', notChatCompletions],
  provider: ['26.1.2', isSet],
  api_provider: ['26.1.2', isSet],
  retry_policy: ['26.1.2', isSet],
  key_file: ['26.1.2', isSet],
  cert_file: ['26.1.2', isSet],
  ca_file: ['26.1.2', isSet],
};
const REMOTE_TRANSPORT: FieldRules = { sensitive_headers: ['25.4.2', nonEmpty], auth: ['26.1.2', isSet], retry_policy: ['26.1.2', isSet] };

const fieldRules: Record<string, FieldRules> = {
  Agent: { toolboxes: ['25.4.2', nonEmpty], human_in_the_loop: ['25.4.2', isFalse], transforms: ['26.1.2', nonEmpty] },
  ApiNode: HTTP_CALL,
  RemoteTool: { ...TOOL, ...HTTP_CALL },
  ClientTool: TOOL,
  ServerTool: TOOL,
  BuiltinTool: TOOL,
  MCPTool: TOOL,
  MCPToolBox: { requires_confirmation: ['26.1.2', isTrue] },
  OpenAiConfig: OPENAI_COMPATIBLE,
  OpenAiCompatibleConfig: OPENAI_COMPATIBLE,
  VllmConfig: OPENAI_COMPATIBLE,
  OllamaConfig: OPENAI_COMPATIBLE,
  OciGenAiConfig: {
    conversation_store_id: ['25.4.2', isSet],
    api_type: ['25.4.2', (v) => isSet(v) && v !== 'oci' && v !== 'OCI'],
    provider: ['26.1.2', (v) => v === 'xai' || v === 'XAI'],
    api_provider: ['26.1.2', isSet],
    url: ['26.1.2', isSet],
    api_key: ['26.1.2', isSet],
    retry_policy: ['26.1.2', isSet],
  },
  OciAgent: { retry_policy: ['26.1.2', isSet] },
  A2AAgent: { retry_policy: ['26.1.2', isSet] },
  A2AConnectionConfig: { retry_policy: ['26.1.2', isSet] },
  SSETransport: REMOTE_TRANSPORT,
  SSEmTLSTransport: REMOTE_TRANSPORT,
  StreamableHTTPTransport: REMOTE_TRANSPORT,
  StreamableHTTPmTLSTransport: REMOTE_TRANSPORT,
};

export const isAgentSpecVersion = (value: unknown): value is AgentSpecVersion => isOneOf(AGENTSPEC_VERSIONS, value);

export const compareVersions = (a: string, b: string): number => {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
};

/** An LlmNode with anything but one string output does structured generation, which 25.4.2 added. */
function llmNodeVersion(outputs: AsValue | undefined): AgentSpecVersion {
  if (!Array.isArray(outputs) || outputs.length === 0) return OLDEST_VERSION;
  const single = outputs.length === 1 && isObject(outputs[0]) && (outputs[0].type === 'string' || outputs[0].type === undefined);
  return single ? OLDEST_VERSION : '25.4.2';
}

export interface VersionNeed {
  version: AgentSpecVersion;
  /** The component type (and field) that requires it, for messages. */
  reason?: string;
}

// AGENTSPEC_VERSIONS is in ascending order: a version's index compares as compareVersions does.
const VERSION_RANK = new Map<string, number>(AGENTSPEC_VERSIONS.map((version, i) => [version, i]));
const rankOf = (version: AgentSpecVersion): number => VERSION_RANK.get(version) ?? -1;

// Types that Oracle's loader reads at any version although the official JSON Schemas list them from 25.4.2
// on: an export declares the schemas' release (what both accept), a document read is judged as the loader
// judges it (their fields still count).
const LOADER_ACCEPTS_FROM_OLDEST = new Set([
  'MCPToolBox',
  'MCPToolSpec',
  'OpenAiCompatibleConfig',
  'SSETransport',
  'StreamableHTTPTransport',
]);

export interface VersionOptions {
  /** Judge as Oracle's loader reads a document, not as the official JSON Schemas list the types. */
  asLoaderReads?: boolean;
}

/** The lowest version one component needs by its own type and fields (not those of the components in it). */
export function componentVersion(component: AsObject & { component_type: string }, options: VersionOptions = {}): VersionNeed {
  let need: VersionNeed = { version: OLDEST_VERSION };
  const raise = (version: AgentSpecVersion, reason: string) => {
    if (rankOf(version) > rankOf(need.version)) need = { version, reason };
  };
  const type = component.component_type;
  if (!(options.asLoaderReads && LOADER_ACCEPTS_FROM_OLDEST.has(type))) raise(componentSince.get(type) ?? OLDEST_VERSION, type);
  const rules = fieldRules[type];
  if (rules) for (const [field, [version, needs]] of Object.entries(rules)) if (needs(component[field])) raise(version, `${type}.${field}`);
  if (type === 'LlmNode') raise(llmNodeVersion(component.outputs), 'LlmNode with structured output');
  return need;
}

/** The lowest version covering every component of the document, and the component that needs it. */
export function requiredVersion(document: AsValue): VersionNeed {
  let need: VersionNeed = { version: OLDEST_VERSION };
  // A walk of the whole document in every export: plain loops, no entry arrays (it showed in profiles).
  const stack: AsValue[] = [document];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    if (!isObject(value)) continue;
    if (isComponent(value)) {
      const own = componentVersion(value);
      if (rankOf(own.version) > rankOf(need.version)) need = own;
    }
    for (const key of Object.keys(value)) if (key !== 'metadata') stack.push(value[key]);
  }
  return need;
}
