// The folder settings an input file belongs to: the nearest wfe.config.yaml at or above it (its `rules:`
// and the node types of that folder), as `wfe serve` of that folder would see them.
import { dirname } from 'node:path';
import { createConfigChecker } from '../contract/config-check.js';
import { loadCatalog, type Catalog } from '../catalog/catalog.js';
import type { ConfigChecker } from '../graph/integrity.js';
import { findConfigFile, rulesFromConfigFile, type RuleConfig } from '../validate/rule-config.js';
import type { Logger } from '../util/logger.js';

export interface FolderSettings {
  catalog: Catalog;
  checkConfig: ConfigChecker;
  rules: RuleConfig;
  configFile?: string;
}

export function folderSettings(logger: Logger, explicitConfig?: string): (inputDir: string) => Promise<FolderSettings> {
  const cache = new Map<string, Promise<FolderSettings>>();
  return async (inputDir) => {
    const configFile = explicitConfig ?? (await findConfigFile(inputDir));
    const folder = configFile ? dirname(configFile) : inputDir;
    let found = cache.get(folder);
    if (!found) {
      found = (async () => {
        const catalog = await loadCatalog(folder, { watch: false, logger });
        const rules = configFile ? await rulesFromConfigFile(configFile) : {};
        return { catalog, checkConfig: createConfigChecker((id) => catalog.getNodeType(id)?.configSchema), rules, configFile };
      })();
      cache.set(folder, found);
    }
    return found;
  };
}
