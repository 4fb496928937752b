// What every route gets: the served folder's store, catalog and engine, and the options. app.ts builds it
// from services.ts; routes import only this file, never app.ts, services.ts or polka-app.ts.
import type { ServerResponse } from 'node:http';
import type { Request } from 'polka';
import type { Catalog } from '../catalog/catalog.js';
import type { Engine } from '../engine/engine.js';
import type { WorkflowStore } from '../store/workflow-store.js';
import type { FolderWatcher } from '../util/folder-watcher.js';
import type { ServeOptions } from './options.js';

export interface AppContext {
  options: ServeOptions;
  store: WorkflowStore;
  catalog: Catalog;
  /**
   * The run engine, loaded and started on first use (or at start, when .wfe/ holds runs or sessions to
   * recover), so a server that runs nothing never loads it.
   */
  engine(): Promise<Engine>;
  /** The engine once started. Before, there is no run, session or interrupt to find: reads answer empty. */
  startedEngine(): Engine | undefined;
  /** The one watcher of the folder, shared by the store and the catalog (undefined with --no-watch). */
  watcher?: FolderWatcher;
  startedAt: number;
  version: string;
}

export type Handler = (req: Request, res: ServerResponse) => void | Promise<void>;

/** Registers routes relative to the base path. */
export interface Router {
  get(path: string, handler: Handler): void;
  post(path: string, handler: Handler): void;
  put(path: string, handler: Handler): void;
  patch(path: string, handler: Handler): void;
  delete(path: string, handler: Handler): void;
}
