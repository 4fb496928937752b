// From a model node's config to the endpoint a live run calls: the base URL of an OpenAI-compatible API,
// the model, the generation parameters, and the key. An Agent Spec node names its LLM config
// (OpenAiCompatibleConfig, VllmConfig, OllamaConfig, OpenAiConfig, or a generic LlmConfig with a url); a
// FlowDrop chat_model names provider, model and base URL in its config. The key never comes from the
// workflow: `runs.keys` of wfe.config.yaml names the environment variable that holds it, for a URL, a
// host, or a provider (which then covers only that provider's own endpoint, so a workflow that points the
// provider somewhere else cannot take its key there).
import { isLoopback } from '../../util/loopback.js';
import { isRecord } from '../../util/narrow.js';
import { NodeFailure } from '../behaviours.js';

interface GenerationParameters {
  max_tokens?: number;
  temperature?: number;
  top_p?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
  seed?: number;
  stop?: string | string[];
}

export interface Endpoint {
  provider: string;
  /** The API base, ending in /v1: requests go to <baseURL>/chat/completions. */
  baseURL: string;
  model: string;
  params: GenerationParameters;
  /** The key from the environment, when runs.keys names one for this endpoint. */
  apiKey?: string;
}

/** The providers' own endpoints: a provider named in runs.keys covers these and nothing else. */
const PROVIDER_BASES: Record<string, string> = {
  openai: 'https://api.openai.com/v1',
  ollama: 'http://localhost:11434/v1',
};

const AGENT_SPEC_PROVIDERS: Record<string, string> = {
  OpenAiCompatibleConfig: 'openai_compatible',
  VllmConfig: 'vllm',
  OllamaConfig: 'ollama',
  OpenAiConfig: 'openai',
  LlmConfig: 'openai_compatible',
};

/**
 * A server's URL as the API base: a scheme when it has none, no trailing slash, no /chat/completions, and
 * /v1 at the end (vLLM and Ollama serve the OpenAI API under /v1, and their configs name the server).
 */
function apiBase(url: string): string {
  let base = url.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(base)) base = `http://${base}`;
  base = base.replace(/\/+$/, '').replace(/\/chat\/completions$/, '');
  return /\/v\d+$/.test(base) ? base : `${base}/v1`;
}

const NUMERIC: ReadonlyArray<keyof GenerationParameters> = [
  'max_tokens',
  'temperature',
  'top_p',
  'frequency_penalty',
  'presence_penalty',
  'seed',
];

function parameters(source: Record<string, unknown>): GenerationParameters {
  const params: GenerationParameters = {};
  for (const name of NUMERIC) {
    const value = source[name];
    if (typeof value === 'number' && Number.isFinite(value)) Object.assign(params, { [name]: value });
  }
  if (typeof source.stop === 'string' || (Array.isArray(source.stop) && source.stop.every((s) => typeof s === 'string')))
    params.stop = source.stop;
  return params;
}

/** The LLM config an Agent Spec node names: its own (LlmNode), or its agent's (AgentNode). */
function llmConfigOf(config: Record<string, unknown>): unknown {
  if (config.llm_config !== undefined) return config.llm_config;
  if (isRecord(config.agent)) return config.agent.llm_config;
  return config.llm_config_ref;
}

function fromAgentSpec(llm: unknown): Omit<Endpoint, 'apiKey'> {
  if (!isRecord(llm))
    throw new NodeFailure(
      `its LLM config ${typeof llm === 'string' ? `'${llm}' is named but not defined in the document` : 'is missing'}: a live run needs the url and model_id of an OpenAI-compatible endpoint`,
    );
  const type = typeof llm.component_type === 'string' ? llm.component_type : '';
  const provider = AGENT_SPEC_PROVIDERS[type];
  if (!provider)
    throw new NodeFailure(
      `its LLM config is a ${type || 'component without a type'}, which live runs do not call (only OpenAI-compatible endpoints)`,
    );
  const model = typeof llm.model_id === 'string' ? llm.model_id : '';
  if (!model) throw new NodeFailure(`its ${type} has no model_id`);
  const url = typeof llm.url === 'string' && llm.url !== '' ? llm.url : undefined;
  const named = type === 'LlmConfig' && typeof llm.provider === 'string' ? llm.provider.toLowerCase() : provider;
  const baseURL = url ? apiBase(url) : PROVIDER_BASES[named];
  if (!baseURL) throw new NodeFailure(`its ${type} has no url`);
  const params = isRecord(llm.default_generation_parameters) ? parameters(llm.default_generation_parameters) : {};
  return { provider: named, baseURL, model, params };
}

function fromFlowDrop(config: Record<string, unknown>): Omit<Endpoint, 'apiKey'> {
  const url = [config.baseUrl, config.baseURL, config.base_url, config.url].find((v): v is string => typeof v === 'string' && v !== '');
  const provider =
    typeof config.provider === 'string' && config.provider !== '' ? config.provider.toLowerCase() : url ? 'openai_compatible' : 'openai';
  const baseURL = url ? apiBase(url) : PROVIDER_BASES[provider];
  if (!baseURL) throw new NodeFailure(`provider '${provider}' has no default endpoint: set baseUrl in the node's config`);
  const model = typeof config.model === 'string' ? config.model : '';
  if (!model) throw new NodeFailure('its config names no model');
  const params = parameters({
    ...config,
    max_tokens: config.maxTokens ?? config.max_tokens,
    top_p: config.topP ?? config.top_p,
  });
  return { provider, baseURL, model, params };
}

/** How closely a runs.keys entry names the endpoint: 3 its URL (or a prefix of it), 2 its host, 1 its provider; 0 not at all. */
function keyMatch(name: string, endpoint: Omit<Endpoint, 'apiKey'>): number {
  const url = new URL(endpoint.baseURL);
  if (name.includes('://')) {
    const prefix = name.replace(/\/+$/, '');
    return endpoint.baseURL === prefix || endpoint.baseURL.startsWith(`${prefix}/`) ? 3 : 0;
  }
  if (name.includes('.') || name.includes(':') || name === 'localhost') {
    // host:port, as written: that port, whatever the scheme.
    if (url.port !== '' && url.host === name) return 2;
    // A bare host name: its default port only, over https, unless the host is this machine. A workflow names
    // the URL; without this, it could send the key to another service of that host, or in clear over http.
    const defaultPortOnly = isLoopback(url.hostname) || (url.protocol === 'https:' && url.port === '');
    return url.hostname === name && defaultPortOnly ? 2 : 0;
  }
  return name.toLowerCase() === endpoint.provider && PROVIDER_BASES[endpoint.provider] === endpoint.baseURL ? 1 : 0;
}

/** The endpoint a model node's config names, with its key read from the environment variable runs.keys names for it. */
export function endpointFor(
  config: Record<string, unknown>,
  keys: Record<string, string>,
  env: Readonly<Record<string, string | undefined>>,
): Endpoint {
  const agentSpec = config.llm_config !== undefined || config.llm_config_ref !== undefined || isRecord(config.agent);
  const endpoint = agentSpec ? fromAgentSpec(llmConfigOf(config)) : fromFlowDrop(config);
  const ranked = Object.entries(keys)
    .map(([name, variable]) => ({ variable, rank: keyMatch(name, endpoint) }))
    .filter((k) => k.rank > 0)
    .sort((a, b) => b.rank - a.rank);
  const chosen = ranked[0];
  if (!chosen) {
    if (endpoint.provider === 'openai' && endpoint.baseURL === PROVIDER_BASES.openai)
      throw new NodeFailure(
        `${endpoint.baseURL} needs a key: name the environment variable that holds it in wfe.config.yaml (runs: { keys: { openai: OPENAI_API_KEY } })`,
      );
    return endpoint;
  }
  const apiKey = env[chosen.variable];
  if (!apiKey)
    throw new NodeFailure(
      `runs.keys of wfe.config.yaml names ${chosen.variable} for ${endpoint.baseURL}, but that environment variable is not set`,
    );
  return { ...endpoint, apiKey };
}
