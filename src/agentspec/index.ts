// Open Agent Spec ↔ FlowDrop: the API that the CLI, the HTTP routes and the run engine use.
export { agentSpecToWorkflow, type FromAgentSpecOptions } from './from-agentspec.js';
export { workflowToAgentSpec, type ToAgentSpecOptions, type Converted } from './to-agentspec.js';
export { exportToAgentSpec, validateForAgentSpecExport, type ExportOptions, type ExportResult, type ValidationResult } from './export.js';
export { EXPORT_RULES } from './validate-export.js';
export { AGENTSPEC_VERSIONS, isAgentSpecVersion, requiredVersion, type AgentSpecVersion } from './versions.js';
export { parseText, stringify, toJson, toYaml, type TextFormat } from './serialize.js';
export { AgentSpecError, type AsComponent, type ExportIssue } from './types.js';
export { importDocument, detectSource, IMPORT_SOURCES, type ImportSource, type Imported } from './import.js';
export { dialectToOfficial, isFlowdropDialect } from './dialect.js';
export { readComponentsFiles } from './components-file.js';
export { registryFromComponentsFile, resolveReferences, type Registry } from './references.js';
