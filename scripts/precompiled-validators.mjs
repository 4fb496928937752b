// The source of each file of src/contract/precompiled/: ajv's standalone code for the contract schemas
// PRECOMPILED_SCHEMAS names (validators.cjs) and for the built-in node types' config schemas
// (config-validators.cjs), compiled with the options the server would use. Read from dist/, so run it after
// `npm run build`. CommonJS output, so that src/contract/validators.ts can require it on first use.
import { createRequire } from 'node:module';
import { BUILTIN_NODE_TYPES } from '../dist/catalog/builtin-node-types.js';
import { CONFIG_AJV_OPTIONS, configValidationSchema } from '../dist/contract/config-check.js';
import { AJV_FORMATS, AJV_OPTIONS, PRECOMPILED_SCHEMAS, SHARED_SCHEMAS } from '../dist/contract/schemas.js';

const require = createRequire(import.meta.url);
const { _, Ajv } = require('ajv');
const standalone = require('ajv/dist/standalone').default;
const addFormats = require('ajv-formats');

const header = (from) => `"use strict";
// Generated from ${from} by ajv's standalone code generation (scripts/precompiled-validators.mjs).
// Do not edit: run \`npm run generate\` after changing a schema. \`npm run check:generated\` fails while this is stale.
/* eslint-disable */
`;

function validatorsSource() {
  const ajv = new Ajv({
    ...AJV_OPTIONS,
    code: { source: true, esm: false, lines: true, formats: _`require("ajv-formats/dist/formats").fullFormats` },
  });
  addFormats(ajv, AJV_FORMATS);
  for (const schema of SHARED_SCHEMAS) ajv.addSchema(schema);
  const refs = {};
  for (const [name, schema] of Object.entries(PRECOMPILED_SCHEMAS)) {
    if (!ajv.getSchema(schema.$id)) ajv.addSchema(schema);
    refs[name] = schema.$id;
  }
  return header('src/contract/schemas.ts') + standalone(ajv, refs).replace(/^"use strict";\n/, '') + '\n';
}

/** The config schemas of the built-in node types, as config-check.ts checks a config against them, by export name. */
function builtinConfigSchemas() {
  const schemas = {};
  const seen = [];
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

function configValidatorsSource() {
  const ajv = new Ajv({ ...CONFIG_AJV_OPTIONS, code: { source: true, esm: false, lines: true } });
  const schemas = builtinConfigSchemas();
  const refs = {};
  for (const [name, schema] of Object.entries(schemas)) {
    ajv.addSchema(schema, `wfe-config:${name}`);
    refs[name] = `wfe-config:${name}`;
  }
  const code = standalone(ajv, refs).replace(/^"use strict";\n/, '');
  return `${header('the built-in node types (src/catalog/builtin-node-types.ts)')}${code}\nexports.configSchemas = ${JSON.stringify(schemas)};\n`;
}

/** Each generated file's name in src/contract/precompiled/, with the function that writes its text. */
export const PRECOMPILED_FILES = {
  'validators.cjs': validatorsSource,
  'config-validators.cjs': configValidatorsSource,
};
