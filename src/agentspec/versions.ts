// agentspec_version: which release of the format a document needs. pyagentspec writes the lowest version
// that covers every component (and every field set to a non-null value), and refuses a document that
// declares less. The tables follow the official JSON Schemas: the release whose schema first accepts the
// component or field.
import { isComponent, isObject, type AsValue } from './types.js';

export const AGENTSPEC_VERSIONS = ['25.4.1', '25.4.2', '26.1.0', '26.1.2', '26.2.0'] as const;
export type AgentSpecVersion = (typeof AGENTSPEC_VERSIONS)[number];
export const OLDEST_VERSION: AgentSpecVersion = '25.4.1';

const SINCE_25_4_2 = [
  'A2AAgent', 'A2AConnectionConfig', 'AgentSpecializationParameters', 'BuiltinTool', 'MCPToolBox', 'MCPToolSpec', 'ManagerWorkers',
  'OpenAiCompatibleConfig', 'ParallelFlowNode', 'ParallelMapNode', 'SSETransport', 'SpecializedAgent', 'StreamableHTTPTransport', 'Swarm',
];
const SINCE_26_1_2 = [
  'CatchExceptionNode', 'ConversationSummarizationTransform', 'GeminiAIStudioAuthConfig', 'GeminiConfig', 'GeminiVertexAIAuthConfig',
  'InMemoryCollectionDatastore', 'LlmConfig', 'MTlsOracleDatabaseConnectionConfig', 'MessageSummarizationTransform', 'OAuthClientConfig',
  'OAuthConfig', 'OracleDatabaseDatastore', 'PostgresDatabaseDatastore', 'TlsOracleDatabaseConnectionConfig', 'TlsPostgresDatabaseConnectionConfig',
];

const componentSince = new Map<string, AgentSpecVersion>([
  ...SINCE_25_4_2.map((t) => [t, '25.4.2'] as const),
  ...SINCE_26_1_2.map((t) => [t, '26.1.2'] as const),
]);

// Fields added to a component after the release that introduced it.
const fieldSince: Record<string, Record<string, AgentSpecVersion>> = {
  Agent: { toolboxes: '25.4.2', human_in_the_loop: '25.4.2', transforms: '26.1.2' },
  ApiNode: { sensitive_headers: '25.4.2', url_allow_list: '26.1.2', retry_policy: '26.1.2' },
  ClientTool: { requires_confirmation: '25.4.2' },
  ServerTool: { requires_confirmation: '25.4.2' },
  MCPTool: { requires_confirmation: '25.4.2' },
  RemoteTool: { requires_confirmation: '25.4.2', sensitive_headers: '25.4.2', url_allow_list: '26.1.2', retry_policy: '26.1.2' },
  MCPToolBox: { requires_confirmation: '26.1.2' },
  OpenAiConfig: { api_type: '25.4.2', api_key: '26.1.0', provider: '26.1.2', api_provider: '26.1.2', url: '26.1.2', retry_policy: '26.1.2' },
  VllmConfig: { api_type: '25.4.2', api_key: '25.4.2', provider: '26.1.2', api_provider: '26.1.2', retry_policy: '26.1.2', key_file: '26.1.2', cert_file: '26.1.2', ca_file: '26.1.2' },
  OllamaConfig: { api_type: '25.4.2', api_key: '25.4.2', provider: '26.1.2', api_provider: '26.1.2', retry_policy: '26.1.2', key_file: '26.1.2', cert_file: '26.1.2', ca_file: '26.1.2' },
  OpenAiCompatibleConfig: { provider: '26.1.2', api_provider: '26.1.2', retry_policy: '26.1.2', key_file: '26.1.2', cert_file: '26.1.2', ca_file: '26.1.2' },
  OciGenAiConfig: { api_type: '25.4.2', conversation_store_id: '25.4.2', api_provider: '26.1.2', url: '26.1.2', api_key: '26.1.2', retry_policy: '26.1.2' },
  OciAgent: { retry_policy: '26.1.2' },
  A2AConnectionConfig: { retry_policy: '26.1.2' },
  SSETransport: { auth: '26.1.2', retry_policy: '26.1.2' },
  SSEmTLSTransport: { sensitive_headers: '25.4.2', auth: '26.1.2', retry_policy: '26.1.2' },
  StreamableHTTPTransport: { auth: '26.1.2', retry_policy: '26.1.2' },
  StreamableHTTPmTLSTransport: { sensitive_headers: '25.4.2', auth: '26.1.2', retry_policy: '26.1.2' },
};

export const isAgentSpecVersion = (value: unknown): value is AgentSpecVersion => AGENTSPEC_VERSIONS.includes(value as AgentSpecVersion);

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

/** The lowest version covering every component of the document, and the component that needs it. */
export function requiredVersion(document: AsValue): VersionNeed {
  let need: VersionNeed = { version: OLDEST_VERSION };
  const raise = (version: AgentSpecVersion, reason: string) => {
    if (compareVersions(version, need.version) > 0) need = { version, reason };
  };
  const stack: AsValue[] = [document];
  while (stack.length > 0) {
    const value = stack.pop()!;
    if (Array.isArray(value)) {
      stack.push(...value);
      continue;
    }
    if (!isObject(value)) continue;
    if (isComponent(value)) {
      const type = value.component_type;
      raise(componentSince.get(type) ?? OLDEST_VERSION, type);
      for (const [field, version] of Object.entries(fieldSince[type] ?? {})) {
        if (value[field] !== undefined && value[field] !== null) raise(version, `${type}.${field}`);
      }
      if (type === 'LlmNode') raise(llmNodeVersion(value.outputs), 'LlmNode with structured output');
    }
    for (const [key, child] of Object.entries(value)) if (key !== 'metadata') stack.push(child);
  }
  return need;
}

