// The settings an input file is checked with: the nearest wfe.config.yaml at or above it, and the node
// types of that folder, as `wfe serve` of that folder sees them. The catalog is the one reader of
// wfe.config.yaml; its `rules:` come from the catalog's settings, not from a second read of the file.
import { readFile } from '../util/fs-calls.js';
import { basename, dirname, join, resolve } from 'node:path';
import { CONFIG_FILE, loadCatalog, type Catalog } from '../catalog/catalog.js';
import { createConfigChecker, type ConfigChecker } from '../contract/config-check.js';
import { RuleConfigError, rulesFromConfigText, rulesFromSettings, type RuleConfig } from '../contract/rule-config.js';
import type { LoadError } from '../contract/types.js';
import { cwdPath } from '../util/cwd-path.js';
import type { Logger } from '../util/logger.js';

/** What the checks of one folder depend on: its node types, their config checker and its `rules:`. */
export interface FolderSettings {
  catalog: Pick<Catalog, 'portConfig' | 'getNodeType'>;
  checkConfig: ConfigChecker;
  rules: RuleConfig;
  configFile?: string;
  /** The folder whose node types these are (the catalog's root), and the node type files it could not load. */
  nodeTypes?: { folder: string; errors: LoadError[] };
}

/** The nearest wfe.config.yaml at or above `dir`, or undefined. */
async function findConfigFile(dir: string, name = CONFIG_FILE): Promise<string | undefined> {
  let current = resolve(dir);
  for (;;) {
    const candidate = join(current, name);
    if (
      await readFile(candidate, 'utf8').then(
        () => true,
        () => false,
      )
    )
      return candidate;
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/** `rules:` of the config the catalog loaded; a config the catalog could not load is an error here. */
function rulesOf(catalog: Catalog, configFile: string): RuleConfig {
  const problem = catalog.errors().find((e) => e.file === CONFIG_FILE);
  if (problem) throw new RuleConfigError(`${configFile}${problem.line ? `:${problem.line}:${problem.column}` : ''}: ${problem.message}`);
  return rulesFromSettings(catalog.settings(), configFile);
}

export interface FolderSettingsOptions {
  /**
   * The caller reports the node type files that cannot be loaded (`wfe validate`, in its report): the
   * catalog does not log them too.
   */
  reportsNodeTypeErrors?: boolean;
  /** A config file to use for every folder (--config), as typed: messages name it so. */
  config?: string;
  /** What a relative `config` is relative to (default: the process's working directory). */
  cwd?: string;
}

export function folderSettings(
  logger: Logger,
  { config: explicitConfig, cwd = '.', reportsNodeTypeErrors = false }: FolderSettingsOptions = {},
): (inputDir: string) => Promise<FolderSettings & { catalog: Catalog }> {
  const cache = new Map<string, Promise<FolderSettings & { catalog: Catalog }>>();
  // Looked up once per folder of inputs, not once per input (a batch has many inputs per folder).
  const configFiles = new Map<string, Promise<string | undefined>>();
  const configFileOf = (inputDir: string): Promise<string | undefined> => {
    let found = configFiles.get(inputDir);
    if (!found) configFiles.set(inputDir, (found = findConfigFile(inputDir)));
    return found;
  };
  return async (inputDir) => {
    const configFile = explicitConfig ?? (await configFileOf(inputDir));
    const configPath = configFile && resolve(cwd, configFile);
    const folder = configPath ? dirname(configPath) : inputDir;
    let found = cache.get(folder);
    if (!found) {
      found = (async () => {
        // --config may name a file that is not the folder's wfe.config.yaml: only its rules are read then.
        const rulesFromCatalog = configPath !== undefined && basename(configPath) === CONFIG_FILE;
        // A broken config whose rules are read fails the command with its own error: no warning before it.
        const reportedByCaller = (file: string) => (file === CONFIG_FILE ? rulesFromCatalog : reportsNodeTypeErrors);
        // A batch reads several folders: its lines name a folder's file from the working directory.
        const displayName = (file: string) => cwdPath(resolve(cwd, folder, file), resolve(cwd));
        const catalog = await loadCatalog(folder, { watch: false, logger, reportedByCaller, displayName });
        const rules = !configPath
          ? {}
          : rulesFromCatalog
            ? rulesOf(catalog, configFile)
            : rulesFromConfigText(
                await readFile(configPath, 'utf8').catch((err: unknown) => Promise.reject(withPath(err, configPath))),
                configFile,
              );
        const nodeTypes = { folder, errors: catalog.errors().filter((e) => e.file !== CONFIG_FILE) };
        return { catalog, checkConfig: createConfigChecker((id) => catalog.getNodeType(id)?.configSchema), rules, configFile, nodeTypes };
      })();
      cache.set(folder, found);
    }
    return found;
  };
}

/** A read error that says which file: a read of a folder fails with EISDIR and no path of its own. */
function withPath(err: unknown, path: string): unknown {
  if (err instanceof Error && !('path' in err)) Object.assign(err, { path });
  return err;
}
