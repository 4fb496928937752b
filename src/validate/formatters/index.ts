import { codeclimate } from './codeclimate.js';
import { compact } from './compact.js';
import { github } from './github.js';
import { json } from './json.js';
import { junit } from './junit.js';
import type { Formatter } from './options.js';
import { sarif } from './sarif.js';
import { stylish } from './stylish.js';

export const FORMATTERS: Record<string, Formatter> = { stylish, json, junit, sarif, github, compact, codeclimate };
export const FORMAT_NAMES = Object.keys(FORMATTERS);
export type { FormatOptions, Formatter } from './options.js';
