// The validators the server uses are ajv's standalone code, generated ahead of time from the schemas in
// src/contract/schemas.ts. This fails while that file is stale, and checks that the precompiled code
// judges like a validator compiled at run time.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { AJV_FORMATS, AJV_OPTIONS, PRECOMPILED_SCHEMAS, SHARED_SCHEMAS } from '../src/contract/schemas.js';
import * as validators from '../src/contract/validators.js';
import { precompiledValidatorsSource } from './support/precompile-validators.js';

const ROOT = resolve(import.meta.dirname, '..');
const GENERATED = join(ROOT, 'src', 'contract', 'precompiled', 'validators.ts');

describe('src/contract/precompiled/validators.ts', () => {
  it('is what the schemas generate today (run `npm run generate` after changing a schema)', () => {
    const expected = precompiledValidatorsSource();
    if (process.env.WFE_WRITE_GENERATED === '1') writeFileSync(GENERATED, expected);
    const actual = readFileSync(GENERATED, 'utf8');
    if (actual !== expected) expect.fail('src/contract/precompiled/validators.ts is stale: run `npm run generate` and commit the result');
  });

  it('judges like validators compiled at run time, errors included', () => {
    type AddFormats = (ajv: Ajv, formats: string[]) => Ajv;
    const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;
    const ajv = new Ajv({ ...AJV_OPTIONS });
    addFormats(ajv, AJV_FORMATS);
    for (const schema of SHARED_SCHEMAS) ajv.addSchema(schema);
    const fixtures = readdirSync(join(ROOT, 'fixtures', 'workflows'))
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(join(ROOT, 'fixtures', 'workflows', name), 'utf8')) as Record<string, unknown>);
    const broken = fixtures.flatMap((wf) => [
      { ...wf, nodes: 'none' },
      { ...wf, name: 5, id: undefined },
      { ...wf, nodes: [{ id: 'n', position: { x: 'left' }, data: {} }], edges: [{ id: 'e' }] },
      { ...wf, metadata: { createdAt: 'yesterday' } },
    ]);
    const samples: unknown[] = [...fixtures, ...broken, {}, null, [], 'text', { content: 'hi', inputs: 3 }, { options: { timeout: 0 } }];
    let failures = 0;
    for (const [name, schema] of Object.entries(PRECOMPILED_SCHEMAS)) {
      const compiled = ajv.getSchema(schema.$id) ?? ajv.compile(schema);
      const precompiled = validators[name as keyof typeof PRECOMPILED_SCHEMAS];
      for (const sample of samples) {
        const valid = compiled(sample);
        expect(precompiled(sample), `${name} on ${JSON.stringify(sample).slice(0, 80)}`).toBe(valid);
        expect(precompiled.errors ?? null).toEqual(compiled.errors ?? null);
        if (!valid) failures++;
      }
    }
    // The samples must exercise the error paths, or the comparison proves little.
    expect(failures).toBeGreaterThan(100);
  });
});
