// Packages that only some runs need (ajv, yaml, jsonc-parser) are loaded on first use, not at start: loading
// them costs more than the rest of `wfe serve`'s start-up together (docs/performance.md). All three ship
// CommonJS for Node, so a synchronous require keeps their callers synchronous, and the instance is the one
// an `import` elsewhere would get. The CommonJS packages every run needs (commander, cors) are required too:
// an `import` of CommonJS makes Node scan its source for export names first, about 2 ms at each start.
import { createRequire } from 'node:module';
import type * as Ajv from 'ajv';
import type * as Commander from 'commander';
import type * as NodeCrypto from 'node:crypto';
import type corsModule from 'cors';
import type * as JsoncParser from 'jsonc-parser';
import type * as Yaml from 'yaml';

const requireFromHere = createRequire(import.meta.url);

/** A getter that loads the package `id` on its first call. `T` is the package's module type. */
export function lazyModule<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireFromHere(id) as T);
}

export const yamlPackage = lazyModule<typeof Yaml>('yaml');
export const jsoncParser = lazyModule<typeof JsoncParser>('jsonc-parser');
export const ajvPackage = lazyModule<typeof Ajv>('ajv');
export const corsPackage = lazyModule<typeof corsModule>('cors');
export const commanderPackage = lazyModule<typeof Commander>('commander');
// node:crypto loads 17 internal modules, about 2 ms: a server of an empty folder hashes nothing and makes no
// id before its first save, and `wfe validate` needs it only for a workflow without an id.
export const nodeCrypto = lazyModule<typeof NodeCrypto>('node:crypto');
