// Where `wfe validate --cache` keeps its file: --cache-location names the file, or a folder to keep it in
// (an existing folder, or a path ending in a slash), as ESLint's and Prettier's do.
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DEFAULT_CACHE_FILE } from '../validate/cache.js';

export async function cacheFile(location: string | undefined): Promise<string> {
  if (location === undefined) return resolve(DEFAULT_CACHE_FILE);
  const isFolder =
    /[\\/]$/.test(location) ||
    (await stat(location).then(
      (info) => info.isDirectory(),
      () => false,
    ));
  return resolve(isFolder ? join(location, DEFAULT_CACHE_FILE) : location);
}
