import type { Formatter } from './options.js';

/** Each report format, loaded only when asked for: most runs print one. */
const FORMATTERS: Record<string, () => Promise<Formatter>> = {
  stylish: async () => (await import('./stylish.js')).stylish,
  json: async () => (await import('./json.js')).json,
  junit: async () => (await import('./junit.js')).junit,
  sarif: async () => (await import('./sarif.js')).sarif,
  github: async () => (await import('./github.js')).github,
  compact: async () => (await import('./compact.js')).compact,
  codeclimate: async () => (await import('./codeclimate.js')).codeclimate,
};

export const FORMAT_NAMES = Object.keys(FORMATTERS);

/** The formats whose readers (GitHub, GitLab) take a file's path from the repository root: FormatOptions.repository. */
const FROM_ROOT = new Set(['junit', 'sarif', 'github', 'codeclimate']);

export const namesFromRoot = (name: string): boolean => FROM_ROOT.has(name);

export const isFormatName = (name: string): boolean => Object.hasOwn(FORMATTERS, name);

export const loadFormatter = (name: string): Promise<Formatter> => FORMATTERS[name]();

export type { Formatter } from './options.js';
