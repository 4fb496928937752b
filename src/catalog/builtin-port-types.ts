import type { PortCompatibilityRule, PortConfig, PortDataTypeConfig } from '../contract/types.js';

// The 22 data types of the editor's default port config, plus `mixed`, which the Agent Spec
// starters (and Agent Spec imports) use for "any value" ports.
const rows: Array<[id: string, name: string, colour: string, category: string, description: string]> = [
  ['trigger', 'Trigger', 'var(--fd-edge-trigger)', 'special', 'Control flow: fires the next step, carries no data'],
  ['string', 'String', 'var(--fd-node-emerald)', 'basic', 'Plain text'],
  ['number', 'Number', 'var(--fd-node-blue)', 'numeric', 'Integer or decimal number'],
  ['boolean', 'Boolean', 'var(--fd-node-purple)', 'logical', 'true or false'],
  ['array', 'Array', 'var(--fd-node-amber)', 'collection', 'List of values of any type'],
  ['string[]', 'String List', 'var(--fd-node-emerald)', 'collection', 'List of text values'],
  ['number[]', 'Number List', 'var(--fd-node-blue)', 'collection', 'List of numbers'],
  ['boolean[]', 'Boolean List', 'var(--fd-node-purple)', 'collection', 'List of true/false values'],
  ['json[]', 'JSON List', 'var(--fd-node-orange)', 'collection', 'List of JSON objects, e.g. records or rows'],
  ['file[]', 'File List', 'var(--fd-node-red)', 'collection', 'List of files'],
  ['image[]', 'Image List', 'var(--fd-node-pink)', 'collection', 'List of images'],
  ['json', 'JSON', 'var(--fd-node-orange)', 'complex', 'Structured JSON value'],
  ['file', 'File', 'var(--fd-node-red)', 'file', 'A file with name, MIME type and content'],
  ['image', 'Image', 'var(--fd-node-pink)', 'media', 'Image data or reference'],
  ['audio', 'Audio', 'var(--fd-node-indigo)', 'media', 'Audio data or reference'],
  ['video', 'Video', 'var(--fd-node-teal)', 'media', 'Video data or reference'],
  ['tool', 'Tool', 'var(--fd-node-amber)', 'special', 'A tool made available to a model or agent'],
  ['url', 'URL', 'var(--fd-node-cyan)', 'special', 'Web address'],
  ['email', 'Email', 'var(--fd-node-lime)', 'special', 'Email address'],
  ['date', 'Date', 'var(--fd-node-teal)', 'temporal', 'Calendar date (YYYY-MM-DD)'],
  ['datetime', 'Date & Time', 'var(--fd-node-teal)', 'temporal', 'Date with time of day (ISO 8601)'],
  ['time', 'Time', 'var(--fd-node-teal)', 'temporal', 'Time of day (HH:MM:SS)'],
  ['mixed', 'Mixed', 'var(--fd-node-slate)', 'special', 'Any value; accepts every data type except trigger and tool'],
];

const BUILTIN_DATA_TYPES: PortDataTypeConfig[] = rows.map(([id, name, color, category, description]) => ({
  id,
  name,
  color,
  description,
  category,
}));

const valueTypes = BUILTIN_DATA_TYPES.map((t) => t.id).filter((id) => !['trigger', 'tool', 'mixed'].includes(id));
const typedLists = ['string[]', 'number[]', 'boolean[]', 'json[]', 'file[]', 'image[]'];

// Rules are directed (output type -> input type) and not transitive.
const BUILTIN_COMPATIBILITY_RULES: PortCompatibilityRule[] = [
  ...valueTypes.map((from) => ({ from, to: 'mixed', description: 'Mixed inputs accept any value' })),
  { from: 'mixed', to: 'string', description: 'Mixed values are passed as text' },
  { from: 'mixed', to: 'json', description: 'Mixed values are passed as JSON' },
  ...typedLists.map((from) => ({ from, to: 'array', description: 'Typed lists fit generic array inputs' })),
];

export const BUILTIN_PORT_CONFIG: PortConfig = {
  version: '1.0.0',
  defaultDataType: 'string',
  dataTypes: BUILTIN_DATA_TYPES,
  compatibilityRules: BUILTIN_COMPATIBILITY_RULES,
};
