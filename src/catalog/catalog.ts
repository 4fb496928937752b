// The node-type catalog: built-in node types, categories and port config, overridden and extended by
// the served folder's nodes/*.json|yaml|yml files and the catalog keys of wfe.config.yaml.
import { readFile, readdir } from '../util/fs-calls.js';
import path from 'node:path';
import type {
  CategoryDefinition,
  LoadError,
  NodeMetadata,
  PortCompatibilityRule,
  PortConfig,
  PortDataTypeConfig,
} from '../contract/types.js';
import { FolderWatcher, type FolderEvent } from '../util/folder-watcher.js';
import type { Logger } from '../util/logger.js';
import type { ParseResult } from '../util/parse-result.js';
import { errnoCode, errorMessage, isOneOf } from '../util/narrow.js';
import { BUILTIN_CATEGORIES } from './builtin-categories.js';
import { BUILTIN_NODE_TYPES } from './builtin-node-types.js';
import { BUILTIN_PORT_CONFIG } from './builtin-port-types.js';
import { formatLoadError } from '../contract/load-error.js';
import { conformsTo } from '../contract/validators.js';
import { parseSource, problemAt, schemaErrors } from './read-source.js';
import { CONFIG_KEYS, validateCatalogConfig, validateNodeType } from './schemas.js';
import { nearest } from '../util/nearest.js';
import { escapePointer } from '../util/json-pointer.js';

export const NODE_TYPES_DIR = 'nodes';
export const CONFIG_FILE = 'wfe.config.yaml';

/**
 * Everything returned is shared with the catalog (and rebuilt on reload): treat it as read-only.
 * Arrays are fresh copies, so sorting or filtering them is fine.
 */
export interface Catalog {
  /** Built-ins overridden/extended by the folder's, sorted by category weight then name. */
  nodeTypes(): NodeMetadata[];
  /** How many nodeTypes() lists, without sorting them. */
  nodeTypeCount(): number;
  /**
   * The same node types in id order (code-unit order, no locale): what a digest of the catalog needs, without
   * loading ICU's collation for the sort by name.
   */
  nodeTypesById(): NodeMetadata[];
  getNodeType(id: string): NodeMetadata | undefined;
  /** Sorted by weight. */
  categories(): CategoryDefinition[];
  portConfig(): PortConfig;
  /** Current load errors of nodes/*.json|yaml|yml and wfe.config.yaml. */
  errors(): LoadError[];
  /** The whole last valid wfe.config.yaml, for the features that read their own keys (mocks, rules). */
  settings(): Record<string, unknown>;
  /** Re-reads the folder's overrides. */
  reload(): Promise<void>;
  /** Changes on every reload (a watched file changed): responses built from the catalog are cached by it. */
  revision(): number;
  /** Stops watching. */
  close(): Promise<void>;
}

export interface CatalogOptions {
  watch: boolean;
  logger: Logger;
  onChange?: () => void;
  /** The folder's watcher, shared with the workflow store; with `watch` and none given, the catalog opens its own. */
  watcher?: FolderWatcher;
  /** Files whose problems the caller reports itself (kept in `errors()`, not logged): said once, not twice. */
  reportedByCaller?: (file: string) => boolean;
  /** How log lines name a file of the folder (default: from the folder, as `errors()` has it). */
  displayName?: (file: string) => string;
}

/** wfe.config.yaml: the catalog's keys, and the keys of other features (mocks, rules…), which it keeps. */
export interface CatalogConfig {
  categories?: CategoryDefinition[];
  portDataTypes?: PortDataTypeConfig[];
  compatibilityRules?: PortCompatibilityRule[];
  defaultDataType?: string;
  [key: string]: unknown;
}

/** A node type of a nodes/ file: what validateNodeType accepts. */
const isNodeType = conformsTo<NodeMetadata>(validateNodeType);

/** wfe.config.yaml with valid catalog keys: what validateCatalogConfig accepts. */
const isCatalogConfig = conformsTo<CatalogConfig>(validateCatalogConfig);

interface Merged {
  /**
   * Sorted on first use: the first localeCompare loads ICU's collation (about 10 ms of every start-up),
   * which commands that only look types up by id never need.
   */
  nodeTypes: () => NodeMetadata[];
  byId: Map<string, NodeMetadata>;
  categories: CategoryDefinition[];
  portConfig: PortConfig;
}

const NODE_FILE = /^[^.~][^~]*\.(json|ya?ml)$/;
const RELOAD_DEBOUNCE_MS = 30;

const isNodeTypeFileName = (name: string): boolean => NODE_FILE.test(name);

export async function loadCatalog(dir: string, opts: CatalogOptions): Promise<Catalog> {
  const root = path.resolve(dir);
  const { logger } = opts;
  const named = opts.displayName ?? ((file: string) => file);
  const warnOf = (e: LoadError) => logger.warn(`catalog: ${formatLoadError({ ...e, file: named(e.file) })}`);
  // Last good content per file: a file that turns invalid keeps serving what it defined before.
  const goodNodeFiles = new Map<string, NodeMetadata[]>();
  let goodConfig: CatalogConfig | undefined;
  const fileErrors = new Map<string, LoadError[]>();
  let merged = merge(goodNodeFiles, goodConfig, { logger, named });
  let revision = 0;

  function recordErrors(file: string, errors: LoadError[]): void {
    const before = JSON.stringify(fileErrors.get(file) ?? []);
    if (errors.length) fileErrors.set(file, errors);
    else fileErrors.delete(file);
    if (JSON.stringify(errors) === before || opts.reportedByCaller?.(file)) return; // already reported
    for (const e of errors) warnOf(e);
    if (!errors.length) logger.info(`catalog: ${named(file)}: no more problems`);
  }

  async function readNodeFiles(): Promise<void> {
    const names = (await listDir(path.join(root, NODE_TYPES_DIR))).filter(isNodeTypeFileName).sort();
    const present = new Set<string>();
    for (const name of names) {
      const file = `${NODE_TYPES_DIR}/${name}`;
      const text = await readText(path.join(root, NODE_TYPES_DIR, name));
      if (text === undefined) continue; // removed while we were reading
      present.add(file);
      const result = checkNodeTypesFile(file, text);
      if (result.ok) goodNodeFiles.set(file, result.value);
      recordErrors(file, result.ok ? [] : result.error);
    }
    for (const file of [...goodNodeFiles.keys()]) if (!present.has(file)) goodNodeFiles.delete(file);
    for (const file of [...fileErrors.keys()]) {
      if (file.startsWith(`${NODE_TYPES_DIR}/`) && !present.has(file)) recordErrors(file, []);
    }
  }

  // The text whose keys were last warned of: a reload of the same text says nothing again.
  let keysCheckedIn: string | undefined;
  async function readConfigFile(): Promise<void> {
    const text = await readText(path.join(root, CONFIG_FILE));
    if (text === undefined) {
      goodConfig = undefined;
      if (fileErrors.has(CONFIG_FILE)) recordErrors(CONFIG_FILE, []);
      return;
    }
    const result = checkConfigFile(CONFIG_FILE, text);
    if (result.ok) goodConfig = result.value;
    recordErrors(CONFIG_FILE, result.ok ? [] : result.error);
    if (result.ok && text !== keysCheckedIn) for (const e of unknownConfigKeys(CONFIG_FILE, text, result.value)) warnOf(e);
    keysCheckedIn = text;
  }

  async function readAll(): Promise<void> {
    try {
      await readNodeFiles();
      await readConfigFile();
    } catch (err) {
      logger.error(`catalog: could not read ${root}: ${errorMessage(err)}`);
    }
    merged = merge(goodNodeFiles, goodConfig, { logger, named });
    revision++;
    const own = [...goodNodeFiles.values()].reduce((sum, list) => sum + list.length, 0);
    logger.debug(`catalog: ${merged.byId.size} node types (${own} from ${NODE_TYPES_DIR}/), ${merged.categories.length} categories`);
  }

  // Reloads run one after another; overlapping calls queue behind the running one.
  let queue: Promise<void> = Promise.resolve();
  const reload = (): Promise<void> => (queue = queue.catch(() => undefined).then(readAll));

  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      void reload().then(() => {
        if (closed) return;
        try {
          opts.onChange?.();
        } catch (err) {
          logger.error(`catalog: change listener failed: ${errorMessage(err)}`);
        }
      });
    }, RELOAD_DEBOUNCE_MS);
  };
  // Subscribed before the first read, so an edit made during it is an event, handled after it.
  let ownWatcher: FolderWatcher | undefined;
  let watcher = opts.watcher;
  if (opts.watch && !watcher) {
    watcher = ownWatcher = await FolderWatcher.open(root, { onError: (message) => logger.warn(`catalog: watch error: ${message}`) });
  }
  const unsubscribe = watcher?.subscribe((event) => {
    if (!closed && concernsCatalog(event)) changed();
  });

  await reload();
  ownWatcher?.release();

  return {
    nodeTypes: () => [...merged.nodeTypes()],
    nodeTypeCount: () => merged.byId.size,
    nodeTypesById: () => [...merged.byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    getNodeType: (id) => merged.byId.get(id),
    categories: () => [...merged.categories],
    portConfig: () => merged.portConfig,
    errors: () => [...fileErrors.values()].flat(),
    settings: () => goodConfig ?? {},
    reload,
    revision: () => revision,
    async close() {
      closed = true;
      clearTimeout(timer);
      unsubscribe?.();
      await ownWatcher?.close();
      await queue;
    },
  };
}

// ---- watching -------------------------------------------------------------------------------------

/** nodes/ itself, a node-type file in it, or wfe.config.yaml; or a re-listed root. */
function concernsCatalog({ rel, directory }: FolderEvent): boolean {
  if (rel === NODE_TYPES_DIR || rel === CONFIG_FILE || (directory && rel === '')) return true;
  const parts = rel.split('/');
  return parts.length === 2 && parts[0] === NODE_TYPES_DIR && isNodeTypeFileName(parts[1]);
}

// ---- reading --------------------------------------------------------------------------------------

async function listDir(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (err) {
    if (isMissing(err)) return [];
    throw err;
  }
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw err;
  }
}

const isMissing = (err: unknown): boolean => isOneOf(['ENOENT', 'ENOTDIR'], errnoCode(err));

/** A user file checked: what it defines, or every problem found in it. */
export type Checked<T> = ParseResult<T, LoadError[]>;

/** A nodes/ file holds one node type or a list of them; an empty file defines none. */
function checkNodeTypesFile(file: string, text: string): Checked<NodeMetadata[]> {
  const parsed = parseSource(file, text);
  if (!parsed.ok) return { ok: false, error: [parsed.error] };
  const value = parsed.value;
  if (value === null || value === undefined) return { ok: true, value: [] };
  if (typeof value !== 'object') {
    return { ok: false, error: [problemAt(file, text, '', 'must be a node type object or a list of node types')] };
  }
  const list = Array.isArray(value) ? value : [value];
  const prefix = (i: number) => (Array.isArray(value) ? `/${i}` : '');
  const errors: LoadError[] = [];
  const nodeTypes: NodeMetadata[] = [];
  const seen = new Set<string>();
  list.forEach((nodeType: unknown, i) => {
    if (!isNodeType(nodeType)) {
      errors.push(...schemaErrors(file, text, validateNodeType, prefix(i)));
      return;
    }
    nodeTypes.push(nodeType);
    if (seen.has(nodeType.id))
      errors.push(problemAt(file, text, `${prefix(i)}/id`, `duplicate node type id "${nodeType.id}" in this file`));
    seen.add(nodeType.id);
    for (const side of ['inputs', 'outputs'] as const) {
      const ids = new Set<string>();
      nodeType[side].forEach((port, p) => {
        if (ids.has(port.id))
          errors.push(problemAt(file, text, `${prefix(i)}/${side}/${p}/id`, `duplicate port id "${port.id}" in ${side}`));
        ids.add(port.id);
      });
    }
  });
  return errors.length ? { ok: false, error: errors } : { ok: true, value: nodeTypes };
}

/** Checks only the catalog's keys; unknown top-level keys belong to other features. */
/** Top-level keys nothing in wfe reads, a misspelling most often (`ignroe:`): warned of, not refused. */
function unknownConfigKeys(file: string, text: string, config: CatalogConfig): LoadError[] {
  return Object.keys(config)
    .filter((key) => !CONFIG_KEYS.includes(key))
    .map((key) => {
      const guess = nearest(key, CONFIG_KEYS);
      const hint = guess ? `did you mean "${guess}"?` : `wfe reads ${CONFIG_KEYS.join(', ')}`;
      return problemAt(file, text, `/${escapePointer(key)}`, `unknown key "${key}", which wfe does not read; ${hint}`);
    });
}

export function checkConfigFile(file: string, text: string): Checked<CatalogConfig> {
  const parsed = parseSource(file, text);
  if (!parsed.ok) return { ok: false, error: [parsed.error] };
  const value = parsed.value ?? {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, error: [problemAt(file, text, '', 'must be a mapping of settings')] };
  }
  if (!isCatalogConfig(value)) return { ok: false, error: schemaErrors(file, text, validateCatalogConfig) };
  const config = value;
  const errors: LoadError[] = [];
  if (config.defaultDataType !== undefined) {
    const known = new Set([...BUILTIN_PORT_CONFIG.dataTypes, ...(config.portDataTypes ?? [])].flatMap((t) => [t.id, ...(t.aliases ?? [])]));
    if (!known.has(config.defaultDataType)) {
      errors.push(problemAt(file, text, '/defaultDataType', `"${config.defaultDataType}" is not a known port data type`));
      return { ok: false, error: errors };
    }
  }
  return { ok: true, value: config };
}

// ---- merging --------------------------------------------------------------------------------------

function mergeBy<T>(base: T[], overrides: T[] | undefined, key: (item: T) => string): T[] {
  const byKey = new Map(base.map((item) => [key(item), item]));
  for (const item of overrides ?? []) byKey.set(key(item), { ...byKey.get(key(item)), ...item });
  return [...byKey.values()];
}

function merge(
  nodeFiles: Map<string, NodeMetadata[]>,
  config: CatalogConfig | undefined,
  { logger, named }: { logger: Logger; named: (file: string) => string },
): Merged {
  const categories = mergeBy(BUILTIN_CATEGORIES, config?.categories, (c) => c.name)
    .map((c, order) => ({ c, order }))
    .sort((a, b) => (a.c.weight ?? Infinity) - (b.c.weight ?? Infinity) || a.order - b.order)
    .map(({ c }) => c);

  const portConfig: PortConfig = {
    version: BUILTIN_PORT_CONFIG.version,
    defaultDataType: config?.defaultDataType ?? BUILTIN_PORT_CONFIG.defaultDataType,
    dataTypes: mergeBy(BUILTIN_PORT_CONFIG.dataTypes, config?.portDataTypes, (t) => t.id),
    compatibilityRules: [...BUILTIN_PORT_CONFIG.compatibilityRules, ...(config?.compatibilityRules ?? [])],
  };

  const byId = new Map(BUILTIN_NODE_TYPES.map((n) => [n.id, n]));
  const definedIn = new Map<string, string>();
  for (const [file, nodeTypes] of [...nodeFiles].sort(([a], [b]) => (a < b ? -1 : 1))) {
    for (const nodeType of nodeTypes) {
      const earlier = definedIn.get(nodeType.id);
      if (earlier)
        logger.warn(`catalog: node type "${nodeType.id}" is defined in ${named(earlier)} and ${named(file)}; ${named(file)} wins`);
      definedIn.set(nodeType.id, file);
      byId.set(nodeType.id, nodeType);
    }
  }

  const weight = new Map(categories.map((c, i) => [c.name, c.weight ?? categories.length + i]));
  const rank = (n: NodeMetadata) => weight.get(n.category) ?? Infinity;
  let sorted: NodeMetadata[] | undefined;
  const nodeTypes = () =>
    (sorted ??= [...byId.values()].sort(
      (a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, 'en') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    ));
  return { nodeTypes, byId, categories, portConfig };
}
