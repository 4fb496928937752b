// Open Agent Spec ↔ FlowDrop: the API that the CLI, the HTTP routes and the run engine use.
export { agentSpecToWorkflow } from './from-agentspec.js';
export { workflowToAgentSpec } from './to-agentspec.js';
export { exportToAgentSpec, validateForAgentSpecExport } from './export.js';
export { EXPORT_RULES } from './validate-export.js';
export { requiredVersion, type AgentSpecVersion } from './versions.js';
export { parseText, stringify, toJson, toYaml, type TextFormat } from './serialize.js';
export { AgentSpecError } from './types.js';
export { importDocument, detectSource, type ImportSource } from './import.js';
export { readComponentsFiles } from './components-file.js';
export { type Registry } from './references.js';
