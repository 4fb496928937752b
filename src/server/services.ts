// What the server serves, opened over one folder: the one watcher, the catalog, the workflow store and the
// engine started on demand, wired to the event stream; and their close, in the order they depend on each other.
import { createConfigChecker } from '../contract/config-check.js';
import { NODE_TYPES_DIR, loadCatalog, type Catalog } from '../catalog/catalog.js';
import type { Engine } from '../engine/engine.js';
import { DEFAULT_IGNORE, ignoreFromSettings, ignoreMatcher } from '../project/ignore.js';
import { INTERNAL_DIR } from '../store/paths.js';
import { WorkflowStore } from '../store/workflow-store.js';
import type { Clock } from '../util/clock.js';
import { FolderWatcher } from '../util/folder-watcher.js';
import type { Logger } from '../util/logger.js';
import { errorMessage } from '../util/narrow.js';
import { startEngineOnDemand } from './engine-start.js';
import type { EventSink } from './events.js';
import type { ServeOptions } from './options.js';

interface Services {
  store: WorkflowStore;
  catalog: Catalog;
  /** The one watcher of the folder, shared by the store and the catalog (undefined with --no-watch). */
  watcher?: FolderWatcher;
  engine(): Promise<Engine>;
  startedEngine(): Engine | undefined;
  /** Closes the engine (once started), the store, the catalog and the watcher, in that order. */
  close(): Promise<void>;
}

interface ServiceNeeds {
  options: ServeOptions;
  clock: Clock;
  logger: Logger;
  emit: EventSink;
  /** The time stamp of an event, now. */
  at(): string;
}

export async function openServices({ options, clock, logger, emit, at }: ServiceNeeds): Promise<Services> {
  // The catalog opens before the store but reports its changes with the store's errors: bound once both exist.
  let publishLoadErrors = () => {};
  const poll = options.poll || process.env.CHOKIDAR_USEPOLLING === '1' || process.env.CHOKIDAR_USEPOLLING === 'true';
  const watcher = options.watch
    ? await FolderWatcher.open(options.dir, { poll, onError: (message) => logger.error(`watcher: ${message}`) })
    : undefined;
  const catalog = await loadCatalog(options.dir, { watch: options.watch, watcher, logger, onChange: () => publishLoadErrors() });
  const checkConfig = createConfigChecker((id) => catalog.getNodeType(id)?.configSchema);
  const store = await WorkflowStore.open(options.dir, {
    watch: options.watch,
    clock,
    watcher,
    logger,
    skipDirs: [NODE_TYPES_DIR, INTERNAL_DIR],
    checkConfig,
    poll,
    fs: options.storeFs,
    ignore: ignoreMatcher(options.dir, [
      { base: options.dir, patterns: [...DEFAULT_IGNORE, ...(options.ignore ?? []), ...configIgnores(catalog, logger)] },
    ]),
    onExternalChange: (file, change) => {
      emit({ type: 'file', at: at(), file, change });
      publishLoadErrors();
    },
  });
  // Only when the list changed: an edit of a file that loads, in a folder where every file loads, says so once.
  let published = JSON.stringify([...store.errors(), ...catalog.errors()]);
  publishLoadErrors = () => {
    const errors = [...store.errors(), ...catalog.errors()];
    const key = JSON.stringify(errors);
    if (key === published) return;
    published = key;
    emit({ type: 'load-errors', at: at(), errors });
  };
  watcher?.release();
  const engine = await startEngineOnDemand({
    options,
    clock,
    logger,
    catalog,
    onRun: (run) => emit({ type: 'run', at: at(), run }),
  });
  return {
    store,
    catalog,
    watcher,
    engine: engine.engine,
    startedEngine: engine.startedEngine,
    close: async () => {
      await engine.close();
      await store.close();
      await catalog.close();
      await watcher?.close();
    },
  };
}

/** `ignore:` of wfe.config.yaml (read at start: a change needs a restart); a bad value is logged, not fatal. */
function configIgnores(catalog: Catalog, logger: Logger): string[] {
  try {
    return ignoreFromSettings(catalog.settings());
  } catch (err) {
    logger.warn(`${errorMessage(err)}; serving without it`);
    return [];
  }
}
