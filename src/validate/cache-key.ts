// What a cached verdict depends on besides the file itself, as digests: a change of any of it makes the
// cache's entries useless (the run key) or those of one folder (the folder key).
import type { Catalog } from '../catalog/catalog.js';
import type { RuleConfig } from '../contract/rule-config.js';
import type { FolderSettings } from '../project/folder-settings.js';
import { nodeCrypto } from '../util/lazy-module.js';
import { checkContextFor } from './check-context.js';
import { ALL_RULES } from './rules.js';
import type { CacheStrategy } from './cache.js';

const digest = (value: unknown): string => nodeCrypto().createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** wfe's version, every rule it has (with its default severity), the --rule flags and the strategy. */
export function runKey(options: { version: string; flagRules: RuleConfig; strategy: CacheStrategy }): string {
  return digest({
    version: options.version,
    rules: ALL_RULES.map((r) => [r.id, r.severity, r.fixed === true]),
    flagRules: options.flagRules,
    strategy: options.strategy,
  });
}

/**
 * The settings a folder's files are checked with: the config file and all it says, the effective rules,
 * every node type (built-in and the folder's own) and the port config, and what failed to load.
 */
export function folderKey(settings: FolderSettings & { catalog: Catalog }, flagRules: RuleConfig): string {
  const { catalog } = settings;
  return digest({
    configFile: settings.configFile ?? null,
    config: catalog.settings(),
    rules: checkContextFor(settings, flagRules).rules,
    nodeTypes: catalog.nodeTypesById(),
    portConfig: catalog.portConfig(),
    loadErrors: catalog.errors(),
  });
}
