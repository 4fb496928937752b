// The server compiles its own schemas without checking them against the JSON Schema meta-schema (that
// costs 40 ms at every start): this checks every one of them, once, here.
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { registeredSchemas } from '../src/contract/validators.js';
// It compiles a schema of its own through compileSchema when it loads.
import '../src/catalog/schemas.js';

describe('the schemas wfe compiles', () => {
  it('are all valid JSON Schema (draft-07)', () => {
    const schemas = registeredSchemas();
    expect(schemas.length).toBeGreaterThanOrEqual(17);
    const ajv = new Ajv({ strict: false });
    const invalid = schemas.filter((schema) => !ajv.validateSchema(schema)).map((schema) => ({ schema, errors: ajv.errors }));
    expect(invalid).toEqual([]);
  });

  it('the check can fail: a schema with a wrong type keyword is refused by the meta-schema', () => {
    expect(new Ajv({ strict: false }).validateSchema({ type: 'strnig' })).toBe(false);
  });
});
