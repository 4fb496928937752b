// Where `wfe validate --cache` keeps its file: --cache-location names the file, or a folder to keep it in
// (an existing folder, or a path ending in a slash), as ESLint's and Prettier's do.
import { stat } from '../util/fs-calls.js';
import { join, resolve } from 'node:path';
import { DEFAULT_CACHE_FILE } from '../validate/cache.js';

/** The absolute path of the cache file; a relative `location` is relative to `cwd`. */
export async function cacheFile(location: string | undefined, cwd: string): Promise<string> {
  if (location === undefined) return resolve(cwd, DEFAULT_CACHE_FILE);
  const isFolder =
    /[\\/]$/.test(location) ||
    (await stat(resolve(cwd, location)).then(
      (info) => info.isDirectory(),
      () => false,
    ));
  return resolve(cwd, isFolder ? join(location, DEFAULT_CACHE_FILE) : location);
}
