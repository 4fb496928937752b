// The component classes of Open Agent Spec that flows are made of: each one's fields (required or not, of
// which kind), and the abstract families a field may ask for (a `Node`, an `LlmConfig`, a `Tool`…). From the
// language spec's component definitions; a type of the format that is not described here is still known
// (KNOWN_TYPES), and its fields are not checked.

export type Family =
  'Node' | 'Flow' | 'LlmConfig' | 'Tool' | 'AgenticComponent' | 'ClientTransport' | 'ToolBox' | 'ControlFlowEdge' | 'DataFlowEdge';

type FieldKind =
  | { kind: 'string' | 'boolean' | 'number' | 'strings' | 'string-map' | 'object' | 'model' | 'any' | 'properties' }
  | { kind: 'component' | 'components'; of: Family }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'enum-map'; values: readonly string[] };

export type FieldSpec = FieldKind & { required?: boolean; nullable?: boolean };

export interface ComponentClass {
  families: Family[];
  fields: Record<string, FieldSpec>;
  /** Has inputs and outputs (a ComponentWithIO). */
  io: boolean;
}

const req = (spec: FieldKind): FieldSpec => ({ ...spec, required: true });
const opt = (spec: FieldKind): FieldSpec => ({ ...spec, nullable: true });
const has = (spec: FieldKind): FieldSpec => spec;
const STRING = { kind: 'string' } as const;
const BOOLEAN = { kind: 'boolean' } as const;
const OBJECT = { kind: 'object' } as const;
// A settings object of its own shape that takes no other keys (an MCP transport's session parameters): read
// leniently, as the loader reads it, a list or a string giving the defaults.
const MODEL = { kind: 'model' } as const;
const ANY = { kind: 'any' } as const;
const STRINGS = { kind: 'strings' } as const;
const STRING_MAP = { kind: 'string-map' } as const;
const one = (of: Family): FieldKind => ({ kind: 'component', of });
const many = (of: Family): FieldKind => ({ kind: 'components', of });

const BASE: Record<string, FieldSpec> = { id: has(STRING), name: req(STRING), description: opt(STRING), metadata: opt(OBJECT) };
const IO: Record<string, FieldSpec> = { inputs: opt({ kind: 'properties' }), outputs: opt({ kind: 'properties' }) };
const NODE: Record<string, FieldSpec> = { ...BASE, ...IO, branches: has(STRINGS) };
const TOOL: Record<string, FieldSpec> = { ...BASE, ...IO, requires_confirmation: has(BOOLEAN) };
const HTTP_CALL: Record<string, FieldSpec> = {
  url: req(STRING),
  http_method: req(STRING),
  api_spec_uri: opt(STRING),
  data: has(ANY),
  query_params: has(OBJECT),
  headers: has(OBJECT),
  sensitive_headers: has(ANY),
  url_allow_list: opt(STRINGS),
  retry_policy: opt(ANY),
};
const LLM: Record<string, FieldSpec> = {
  ...BASE,
  model_id: req(STRING),
  provider: opt(STRING),
  api_provider: opt(STRING),
  api_type: opt(STRING),
  url: opt(STRING),
  api_key: opt(ANY),
  default_generation_parameters: opt(OBJECT),
  retry_policy: opt(ANY),
};
const OPENAI_COMPATIBLE: Record<string, FieldSpec> = {
  ...LLM,
  url: req(STRING),
  api_type: has({ kind: 'enum', values: ['chat_completions', 'responses'] }),
  key_file: opt(ANY),
  cert_file: opt(ANY),
  ca_file: opt(ANY),
};
const REMOTE_TRANSPORT: Record<string, FieldSpec> = {
  ...BASE,
  session_parameters: has(MODEL),
  url: req(STRING),
  auth: opt(ANY),
  headers: opt(STRING_MAP),
  sensitive_headers: opt(ANY),
  retry_policy: opt(ANY),
};
const REDUCERS = ['append', 'sum', 'average', 'max', 'min'] as const;

const node = (fields: Record<string, FieldSpec>): ComponentClass => ({ families: ['Node'], fields: { ...NODE, ...fields }, io: true });
const tool = (fields: Record<string, FieldSpec> = {}): ComponentClass => ({ families: ['Tool'], fields: { ...TOOL, ...fields }, io: true });
const llm = (fields: Record<string, FieldSpec>): ComponentClass => ({ families: ['LlmConfig'], fields, io: false });
const transport = (fields: Record<string, FieldSpec>): ComponentClass => ({ families: ['ClientTransport'], fields, io: false });

export const COMPONENT_CLASSES: Record<string, ComponentClass> = {
  Flow: {
    families: ['Flow', 'AgenticComponent'],
    fields: {
      ...BASE,
      ...IO,
      start_node: req(one('Node')),
      nodes: req(many('Node')),
      control_flow_connections: req(many('ControlFlowEdge')),
      data_flow_connections: opt(many('DataFlowEdge')),
    },
    io: true,
  },
  ControlFlowEdge: {
    families: ['ControlFlowEdge'],
    fields: { ...BASE, from_node: req(one('Node')), from_branch: opt(STRING), to_node: req(one('Node')) },
    io: false,
  },
  DataFlowEdge: {
    families: ['DataFlowEdge'],
    fields: {
      ...BASE,
      source_node: req(one('Node')),
      source_output: req(STRING),
      destination_node: req(one('Node')),
      destination_input: req(STRING),
    },
    io: false,
  },
  StartNode: node({}),
  EndNode: node({ branch_name: has(STRING) }),
  LlmNode: node({ llm_config: req(one('LlmConfig')), prompt_template: req(STRING) }),
  AgentNode: node({ agent: req(one('AgenticComponent')) }),
  ToolNode: node({ tool: req(one('Tool')) }),
  BranchingNode: node({ mapping: req(STRING_MAP) }),
  FlowNode: node({ subflow: req(one('Flow')) }),
  MapNode: node({ subflow: req(one('Flow')), reducers: opt({ kind: 'enum-map', values: REDUCERS }) }),
  ParallelMapNode: node({ subflow: req(one('Flow')), reducers: opt({ kind: 'enum-map', values: REDUCERS }) }),
  ParallelFlowNode: node({ subflows: has(many('Flow')) }),
  CatchExceptionNode: node({ subflow: req(one('Flow')) }),
  InputMessageNode: node({ message: opt(STRING) }),
  OutputMessageNode: node({ message: req(STRING) }),
  ApiNode: node(HTTP_CALL),
  Agent: {
    families: ['AgenticComponent'],
    fields: {
      ...BASE,
      ...IO,
      llm_config: req(one('LlmConfig')),
      system_prompt: req(STRING),
      tools: has(many('Tool')),
      toolboxes: has(many('ToolBox')),
      human_in_the_loop: has(BOOLEAN),
      transforms: has(ANY),
    },
    io: true,
  },
  ServerTool: tool(),
  ClientTool: tool(),
  RemoteTool: tool(HTTP_CALL),
  MCPTool: tool({ client_transport: req(one('ClientTransport')) }),
  BuiltinTool: tool({ tool_type: req(STRING), configuration: opt(OBJECT), executor_name: opt(ANY), tool_version: opt(STRING) }),
  LlmConfig: llm(LLM),
  OpenAiCompatibleConfig: llm(OPENAI_COMPATIBLE),
  VllmConfig: llm({ ...OPENAI_COMPATIBLE, api_provider: has({ kind: 'enum', values: ['vllm'] }) }),
  OllamaConfig: llm({ ...OPENAI_COMPATIBLE, api_provider: has({ kind: 'enum', values: ['ollama'] }) }),
  OpenAiConfig: llm({
    ...LLM,
    provider: has({ kind: 'enum', values: ['openai'] }),
    api_provider: has({ kind: 'enum', values: ['openai'] }),
    api_type: has({ kind: 'enum', values: ['chat_completions', 'responses'] }),
  }),
  SSETransport: transport(REMOTE_TRANSPORT),
  StreamableHTTPTransport: transport(REMOTE_TRANSPORT),
  StdioTransport: transport({
    ...BASE,
    session_parameters: has(MODEL),
    command: req(STRING),
    args: has(STRINGS),
    env: opt(STRING_MAP),
    cwd: opt(STRING),
  }),
  MCPToolBox: {
    families: ['ToolBox'],
    fields: { ...BASE, client_transport: req(one('ClientTransport')), tool_filter: opt(ANY) },
    io: false,
  },
};

/** Concrete types of the format whose fields are not described above, with the families they belong to. */
const OTHER_TYPES: Record<string, Family[]> = {
  A2AAgent: ['AgenticComponent'],
  OciAgent: ['AgenticComponent'],
  SpecializedAgent: ['AgenticComponent'],
  Swarm: ['AgenticComponent'],
  ManagerWorkers: ['AgenticComponent'],
  OciGenAiConfig: ['LlmConfig'],
  GeminiConfig: ['LlmConfig'],
  SSEmTLSTransport: ['ClientTransport'],
  StreamableHTTPmTLSTransport: ['ClientTransport'],
  A2AConnectionConfig: [],
  AgentSpecializationParameters: [],
  InMemoryCollectionDatastore: [],
  OracleDatabaseDatastore: [],
  PostgresDatabaseDatastore: [],
  TlsOracleDatabaseConnectionConfig: [],
  MTlsOracleDatabaseConnectionConfig: [],
  TlsPostgresDatabaseConnectionConfig: [],
  MessageSummarizationTransform: [],
  ConversationSummarizationTransform: [],
  OAuthClientConfig: [],
  OAuthConfig: [],
  MCPToolSpec: [],
  OciClientConfigWithApiKey: [],
  OciClientConfigWithInstancePrincipal: [],
  OciClientConfigWithResourcePrincipal: [],
  OciClientConfigWithSecurityToken: [],
  GeminiAIStudioAuthConfig: [],
  GeminiVertexAIAuthConfig: [],
};

/** The families of a concrete component type of the format; undefined for a type the format does not define. */
export function familiesOf(type: string): Family[] | undefined {
  return COMPONENT_CLASSES[type]?.families ?? OTHER_TYPES[type];
}

/** Abstract classes of the format: names a document may not instantiate. */
export const ABSTRACT_TYPES = new Set([
  'Component',
  'ComponentWithIO',
  'AgenticComponent',
  'Node',
  'Tool',
  'ToolBox',
  'ClientTransport',
  'RemoteTransport',
  'RemoteAgent',
  'Datastore',
  'OciClientConfig',
  'GeminiAuthConfig',
]);
