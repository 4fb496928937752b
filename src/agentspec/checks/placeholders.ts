// `{{name}}` placeholders: the inputs an LlmNode's prompt, a message or an HTTP call's fields imply.
import { PLACEHOLDER } from '../placeholder-pattern.js';
import { isObject, type AsValue } from '../types.js';

/** Every placeholder name in a value: strings, object keys and values, list items; each once. */
export function placeholdersIn(value: AsValue | undefined, into: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') for (const match of value.matchAll(PLACEHOLDER)) into.add(match[1]);
  else if (Array.isArray(value)) for (const item of value) placeholdersIn(item, into);
  else if (isObject(value))
    for (const [key, inner] of Object.entries(value)) {
      placeholdersIn(key, into);
      placeholdersIn(inner, into);
    }
  return into;
}
