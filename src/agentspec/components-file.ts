// The second half of a disaggregated config: files holding only `$referenced_components`, given to
// `wfe import --components` (pyagentspec's components_registry). Several files merge; a key defined
// differently in two of them is an error.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { registryFromComponentsFile, type Registry } from './references.js';
import { parseText } from './serialize.js';
import { AgentSpecError } from './types.js';

/** Reads the files at `paths` (as given: messages name them so), relative to `cwd`. */
export async function readComponentsFiles(paths: readonly string[], cwd: string): Promise<Registry> {
  const registry: Registry = new Map();
  for (const path of paths) {
    const text = await readFile(resolve(cwd, path), 'utf8').catch((err: Error) => {
      throw new AgentSpecError(`${path}: cannot read components file: ${err.message}`);
    });
    const parsed = parseText(text, path);
    if (!parsed.ok) throw new AgentSpecError(`${path}: ${parsed.error.message}${parsed.error.line ? ` (line ${parsed.error.line})` : ''}`);
    for (const [key, value] of registryFromComponentsFile(parsed.value, path)) {
      const earlier = registry.get(key);
      if (earlier !== undefined && JSON.stringify(earlier) !== JSON.stringify(value))
        throw new AgentSpecError(`${path}: component "${key}" is also defined, differently, in an earlier components file`);
      registry.set(key, value);
    }
  }
  return registry;
}
