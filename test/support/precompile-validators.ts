// Writes the source of src/contract/precompiled/validators.cjs: ajv's standalone code for the schemas
// PRECOMPILED_SCHEMAS names, compiled with the options the server would use. test/precompiled-validators.test.ts
// compares it with the committed file (and rewrites it under `npm run generate`). CommonJS, so that
// src/contract/validators.ts can require it on first use (see there).
import { createRequire } from 'node:module';
import { _, Ajv } from 'ajv';
import { BUILTIN_NODE_TYPES } from '../../src/catalog/builtin-node-types.js';
import { CONFIG_AJV_OPTIONS, configValidationSchema } from '../../src/contract/config-check.js';
import { AJV_FORMATS, AJV_OPTIONS, PRECOMPILED_SCHEMAS, SHARED_SCHEMAS } from '../../src/contract/schemas.js';

const require = createRequire(import.meta.url);

type Standalone = (ajv: Ajv, refs: Record<string, string>) => string;
type AddFormats = (ajv: Ajv, formats: string[]) => Ajv;

const header = (from: string): string => `"use strict";
// Generated from ${from} by ajv's standalone code generation (test/support/precompile-validators.ts).
// Do not edit: run \`npm run generate\` after changing a schema. test/precompiled-validators.test.ts fails while this is stale.
/* eslint-disable */
`;

export function precompiledValidatorsSource(): string {
  const standalone = (require('ajv/dist/standalone') as { default: Standalone }).default;
  const addFormats = require('ajv-formats') as AddFormats;
  const ajv = new Ajv({
    ...AJV_OPTIONS,
    code: { source: true, esm: false, lines: true, formats: _`require("ajv-formats/dist/formats").fullFormats` },
  });
  addFormats(ajv, AJV_FORMATS);
  for (const schema of SHARED_SCHEMAS) ajv.addSchema(schema);
  const refs: Record<string, string> = {};
  for (const [name, schema] of Object.entries(PRECOMPILED_SCHEMAS)) {
    if (!ajv.getSchema(schema.$id)) ajv.addSchema(schema);
    refs[name] = schema.$id;
  }
  return header('src/contract/schemas.ts') + standalone(ajv, refs).replace(/^"use strict";\n/, '') + '\n';
}

/** The config schemas of the built-in node types, as config-check.ts checks a config against them, by export name. */
export function builtinConfigSchemas(): Record<string, Record<string, unknown>> {
  const schemas: Record<string, Record<string, unknown>> = {};
  const seen: string[] = [];
  for (const type of BUILTIN_NODE_TYPES) {
    if (!type.configSchema) continue;
    const checked = configValidationSchema({ ...type.configSchema });
    const text = JSON.stringify(checked);
    if (seen.includes(text)) continue; // types sharing one schema share its validator
    seen.push(text);
    schemas[`config${seen.length - 1}`] = checked;
  }
  return schemas;
}

/** The source of src/contract/precompiled/config-validators.cjs: the built-in node types' config validators. */
export function precompiledConfigValidatorsSource(): string {
  const standalone = (require('ajv/dist/standalone') as { default: Standalone }).default;
  const ajv = new Ajv({ ...CONFIG_AJV_OPTIONS, code: { source: true, esm: false, lines: true } });
  const schemas = builtinConfigSchemas();
  const refs: Record<string, string> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    ajv.addSchema(schema, `wfe-config:${name}`);
    refs[name] = `wfe-config:${name}`;
  }
  const code = standalone(ajv, refs).replace(/^"use strict";\n/, '');
  return `${header('the built-in node types (src/catalog/builtin-node-types.ts)')}${code}\nexports.configSchemas = ${JSON.stringify(schemas)};\n`;
}
