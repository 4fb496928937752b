// The validators the server uses are ajv's standalone code, generated ahead of time from the schemas in
// src/contract/schemas.ts by scripts/precompiled-validators.mjs. This fails while those files are stale
// (through scripts/check-generated.mjs), and checks that the precompiled code judges like a validator
// compiled at run time.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { AJV_FORMATS, AJV_OPTIONS, PRECOMPILED_SCHEMAS, SHARED_SCHEMAS } from '../src/contract/schemas.js';
import * as validators from '../src/contract/validators.js';
import { CONFIG_AJV_OPTIONS } from '../src/contract/config-check.js';
import { startServeChild } from './support/cli.js';

const ROOT = resolve(import.meta.dirname, '..');
// Required when a test needs it, so that a broken file fails the tests that read it, not the whole file.
const configValidators = (): Record<string, unknown> =>
  createRequire(import.meta.url)('../src/contract/precompiled/config-validators.cjs') as Record<string, unknown>;
/** The built-in node types' config schemas the committed validators were generated from, by export name. */
const builtinConfigSchemas = (): Record<string, Record<string, unknown>> =>
  configValidators().configSchemas as Record<string, Record<string, unknown>>;

interface Judge {
  (value: unknown): boolean;
  errors?: unknown;
}

/** Expects both validators to give each sample the same verdict and errors; returns how many failed. */
function judgedAlike(name: string, precompiled: Judge, compiled: Judge, samples: unknown[]): number {
  let failures = 0;
  for (const sample of samples) {
    const valid = compiled(sample);
    expect(precompiled(sample), `${name} on ${JSON.stringify(sample).slice(0, 80)}`).toBe(valid);
    expect(precompiled.errors ?? null).toEqual(compiled.errors ?? null);
    if (!valid) failures++;
  }
  return failures;
}

describe('src/contract/precompiled/', () => {
  it('is what the schemas and the built-in node types generate today (npm run check:generated)', () => {
    // The global setup has built dist/, which the generator reads.
    let report: string;
    try {
      report = execFileSync(process.execPath, [join(ROOT, 'scripts', 'check-generated.mjs')], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (err) {
      const { stderr } = err as { stderr?: string };
      expect.fail(stderr || String(err));
    }
    expect(report).toContain('up to date');
  });

  it('the built-in config validators judge like ones compiled at run time, and their schemas are valid', () => {
    const ajv = new Ajv({ ...CONFIG_AJV_OPTIONS });
    const schemas = builtinConfigSchemas();
    expect(Object.keys(schemas).length).toBeGreaterThan(10);
    let failures = 0;
    for (const [name, schema] of Object.entries(schemas)) {
      // Shipped compiled, they skip ajv's meta-schema check at run time: it is made here.
      expect(ajv.validateSchema(schema), `${name}: ${JSON.stringify(ajv.errors)}`).toBe(true);
      const compiled = ajv.compile(schema);
      const precompiled = Reflect.get(configValidators(), name) as typeof compiled;
      const properties = Object.keys((schema.properties ?? {}) as object);
      const samples: unknown[] = [{}, [], 'text', Object.fromEntries(properties.map((p) => [p, 12345]))];
      samples.push(
        Object.fromEntries(properties.map((p) => [p, 'x'.repeat(5000)])),
        Object.fromEntries(properties.map((p) => [p, [true]])),
      );
      failures += judgedAlike(name, precompiled, compiled, samples);
    }
    expect(failures).toBeGreaterThan(20);
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
    // What an imported Agent Spec flow and its nodes may hold, well and badly.
    const flows = [
      { name: 'f', start_node: {}, nodes: [{}], control_flow_connections: [{ from_node: {}, to_node: {}, from_branch: null }] },
      { name: 'f', start_node: {}, nodes: [], control_flow_connections: 'none', inputs: [{ title: '' }] },
      {
        name: 'f',
        start_node: {},
        nodes: [{}],
        control_flow_connections: [],
        data_flow_connections: [{ source_node: {}, source_output: '' }],
      },
      { component_type: 'LlmNode', name: 'n', branches: ['a', 1], mapping: { a: 2 } },
      { component_type: '', name: 'n', outputs: [{ title: 'out' }] },
    ];
    const samples: unknown[] = [
      ...fixtures,
      ...broken,
      ...flows,
      {},
      null,
      [],
      'text',
      { content: 'hi', inputs: 3 },
      { options: { timeout: 0 } },
    ];
    let failures = 0;
    for (const [name, schema] of Object.entries(PRECOMPILED_SCHEMAS)) {
      const compiled = ajv.getSchema(schema.$id) ?? ajv.compile(schema);
      const precompiled = validators[name as keyof typeof PRECOMPILED_SCHEMAS];
      failures += judgedAlike(name, precompiled, compiled, samples);
    }
    // The samples must exercise the error paths, or the comparison proves little.
    expect(failures).toBeGreaterThan(100);
  });
});

describe('loading the precompiled validators', () => {
  /**
   * The CommonJS files a `wfe serve` of `dir` had required when it exited, after `act` on its URL. Served from
   * tsc's dist/ (WFE_NO_BUNDLE): the bundle bin/wfe.js starts serve from holds the validators too, as a module
   * of its own that it evaluates when the same require first reaches it.
   */
  async function requiredBy(dir: string, act: (url: string) => Promise<void>): Promise<string[]> {
    const report = join(dir, 'required.json');
    const hook = join(dir, 'hook.cjs');
    writeFileSync(
      hook,
      `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(report)}, JSON.stringify(Object.keys(require.cache))));`,
    );
    const served = join(dir, 'workflows');
    mkdirSync(served, { recursive: true });
    const server = await startServeChild([served, '--no-watch'], { nodeArgs: ['--require', hook], env: { WFE_NO_BUNDLE: '1' } });
    try {
      await act(server.url);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    return JSON.parse(readFileSync(report, 'utf8')) as string[];
  }

  it('waits for the first check: an empty folder is served without them, a created workflow loads them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wfe-lazy-validators-'));
    try {
      const generated = `${sep}precompiled${sep}`;
      const idle = await requiredBy(dir, async (url) => {
        expect((await fetch(`${url}/health`)).status).toBe(200);
      });
      // The hook sees what was required (commander is), and the generated validators were not.
      expect(idle.some((file) => file.includes(`${sep}commander${sep}`))).toBe(true);
      expect(idle.filter((file) => file.includes(generated))).toEqual([]);

      const busy = await requiredBy(dir, async (url) => {
        const created = await fetch(`${url}/workflows`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'first', nodes: [], edges: [] }),
        });
        expect(created.status).toBe(201);
      });
      expect(busy.filter((file) => file.includes(generated)).map((file) => file.slice(file.lastIndexOf(sep) + 1))).toContain(
        'validators.cjs',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const reversedKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(reversedKeys)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .reverse()
            .map(([k, v]) => [k, reversedKeys(v)]),
        )
      : value;

describe('config checks', () => {
  it("use the shipped validator for a built-in node type's schema and compile only the others", async () => {
    const { BUILTIN_NODE_TYPES } = await import('../src/catalog/builtin-node-types.js');
    const { configSchemasCompiled, createConfigChecker } = await import('../src/contract/config-check.js');
    const check = createConfigChecker(() => undefined);
    const typed = BUILTIN_NODE_TYPES.filter((t) => t.configSchema && Object.keys(t.configSchema.properties ?? {}).length > 0);
    expect(typed.length).toBeGreaterThan(10);
    const before = configSchemasCompiled();
    let problems = 0;
    for (const type of typed) {
      // A copy with its keys in reverse order, as a file the store wrote (sorted keys) may have them:
      // found by value, not by identity or key order.
      const schema = reversedKeys(type.configSchema) as Record<string, unknown>;
      const first = Object.keys(type.configSchema?.properties ?? {})[0];
      problems += check(type.id, schema, { [first]: { not: 'a valid value for any field' } }).length;
    }
    expect(problems).toBeGreaterThan(0);
    expect(configSchemasCompiled()).toBe(before);
    // A schema of its own is compiled here.
    const own = { type: 'object', properties: { size: { type: 'integer', minimum: 1 } } };
    expect(check('custom', own, { size: 0 })).toEqual(['size must be >= 1']);
    expect(configSchemasCompiled()).toBe(before + 1);
  });

  it('run a pattern that is safe to run, and pass over one that may backtrack exponentially (on the event loop)', async () => {
    const { createConfigChecker } = await import('../src/contract/config-check.js');
    const check = createConfigChecker(() => undefined);
    const patterned = (pattern: string) => ({ type: 'object', properties: { code: { type: 'string', pattern } } });
    expect(check('safe', patterned('^[a-z]+$'), { code: 'A1' })).toEqual(['code must match pattern "^[a-z]+$"']);
    // Not run, it finds nothing. (Run, it would report a mismatch: 20 a's and a ! take it a million steps, 40
    // take it hours, which is why it is not run; 20 keep this test quick if the screen ever lets it through.)
    expect(check('unsafe', patterned('^(a+)+$'), { code: `${'a'.repeat(20)}!` })).toEqual([]);
  });

  it('do not compile a schema past the size limit', async () => {
    const { configSchemasCompiled, createConfigChecker, MAX_CONFIG_SCHEMA_CHARS } = await import('../src/contract/config-check.js');
    const check = createConfigChecker(() => undefined);
    const properties = Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`field${i}`, { type: 'string', minLength: 1 }]));
    const huge = { type: 'object', properties };
    expect(JSON.stringify(huge).length).toBeGreaterThan(MAX_CONFIG_SCHEMA_CHARS);
    const before = configSchemasCompiled();
    expect(check('huge', huge, { field0: '' })).toEqual([]);
    expect(configSchemasCompiled()).toBe(before);
  });

  it('leave out the keys the editor keeps in a config, even where the schema declares them', async () => {
    const { createConfigChecker } = await import('../src/contract/config-check.js');
    const check = createConfigChecker(() => undefined);
    const declared = { type: 'object', properties: { size: { type: 'integer', minimum: 1 }, instanceTitle: { type: 'integer' } } };
    const config = { size: 2, nodeType: 'tool', instanceTitle: 'Sizer' };
    expect(check('custom-declared', declared, config)).toEqual([]);
    expect(config).toEqual({ size: 2, nodeType: 'tool', instanceTitle: 'Sizer' });
    expect(check('custom-declared', declared, { size: 0, instanceTitle: 'Sizer' })).toEqual(['size must be >= 1']);
    // Without editor keys the config is checked as it is (a declared field of the wrong type is found).
    const plain = { type: 'object', properties: { size: { type: 'integer' }, label: { type: 'string' } } };
    expect(check('custom-plain', plain, { size: 'big', label: 'x' })).toEqual(['size must be integer']);
  });
});
