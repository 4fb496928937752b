// What the tests derive from the shared reference files and would derive again in every worker on every run
// (ajv's code for Oracle's schemas, the parsed OpenAPI document), kept in node_modules/.cache/wfe-tests. A
// file's name is the hash of everything it depends on, so a changed input, option or library is a new file.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { Ajv as AjvCore, ValidateFunction } from 'ajv';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';

// ajv's standalone module is CommonJS with a default export; under NodeNext the function may sit on .default.
type StandaloneCode = (ajv: AjvCore, validate: ValidateFunction) => string;
const standaloneCode = ((standaloneCodeModule as unknown as { default?: StandaloneCode }).default ??
  standaloneCodeModule) as unknown as StandaloneCode;
const requireHere = createRequire(import.meta.url);

const cacheDir = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'wfe-tests');

/** The cache file for what `inputs` determine, named `<kind>-<hash><extension>`. */
function cacheFile(kind: string, inputs: string[], extension: string): string {
  const hash = createHash('sha256').update(inputs.join('\0')).digest('hex').slice(0, 32);
  return join(cacheDir, `${kind}-${hash}${extension}`);
}

/** The installed version of a package: what it generates or parses is part of a cache file's inputs. */
export const packageVersion = (name: string): string => (requireHere(`${name}/package.json`) as { version: string }).version;

/** Writes a cache file whole: two workers may write it at once, each renames a complete file of its own. */
function writeCacheFile(file: string, text: string): void {
  mkdirSync(cacheDir, { recursive: true });
  const temp = `${file}.${process.pid}-${threadId}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}

/** A JSON value computed from `inputs` once and read back on the next runs. */
export function cachedJson<T>(kind: string, inputs: string[], compute: () => T): T {
  const file = cacheFile(kind, inputs, '.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as T;
  const value = compute();
  writeCacheFile(file, JSON.stringify(value));
  return value;
}

/**
 * A validator from ajv's code kept by an earlier run, or compiled now (`compile`) and its code kept for the
 * next. `inputs` are everything the code depends on besides ajv's version.
 */
export function cachedValidator(
  kind: string,
  inputs: string[],
  compile: () => { ajv: AjvCore; validate: ValidateFunction },
): ValidateFunction {
  const file = cacheFile(kind, [packageVersion('ajv'), ...inputs], '.cjs');
  if (existsSync(file)) return requireHere(file) as ValidateFunction;
  const { ajv, validate } = compile();
  writeCacheFile(file, standaloneCode(ajv, validate));
  return validate;
}
