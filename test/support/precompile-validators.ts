// Writes the source of src/contract/precompiled/validators.ts: ajv's standalone code for the schemas
// PRECOMPILED_SCHEMAS names, compiled with the options the server would use. test/precompiled-validators.test.ts
// compares it with the committed file (and rewrites it under `npm run generate`).
import { createRequire } from 'node:module';
import { _, Ajv } from 'ajv';
import { AJV_FORMATS, AJV_OPTIONS, PRECOMPILED_SCHEMAS, SHARED_SCHEMAS } from '../../src/contract/schemas.js';

const require = createRequire(import.meta.url);

type Standalone = (ajv: Ajv, refs: Record<string, string>) => string;
type AddFormats = (ajv: Ajv, formats: string[]) => Ajv;

const HEADER = `// @ts-nocheck
// Generated from src/contract/schemas.ts by ajv's standalone code generation (test/support/precompile-validators.ts).
// Do not edit: run \`npm run generate\` after changing a schema. test/precompiled-validators.test.ts fails while this is stale.
/* eslint-disable */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
`;

export function precompiledValidatorsSource(): string {
  const standalone = (require('ajv/dist/standalone') as { default: Standalone }).default;
  const addFormats = require('ajv-formats') as AddFormats;
  const ajv = new Ajv({
    ...AJV_OPTIONS,
    code: { source: true, esm: true, lines: true, formats: _`require("ajv-formats/dist/formats").fullFormats` },
  });
  addFormats(ajv, AJV_FORMATS);
  for (const schema of SHARED_SCHEMAS) ajv.addSchema(schema);
  const refs: Record<string, string> = {};
  for (const [name, schema] of Object.entries(PRECOMPILED_SCHEMAS)) {
    if (!ajv.getSchema(schema.$id)) ajv.addSchema(schema);
    refs[name] = schema.$id;
  }
  return HEADER + standalone(ajv, refs).replace(/^"use strict";\n/, '') + '\n';
}
