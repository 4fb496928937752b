import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalog, type Catalog } from '../src/catalog/catalog.js';
import { BUILTIN_PORT_CONFIG } from '../src/catalog/builtin-port-types.js';
import { isCompatible } from '../src/catalog/port-compat.js';
import { validateNodeType } from '../src/catalog/schemas.js';
import type { PortConfig } from '../src/contract/types.js';
import { silentLogger, type Logger } from '../src/util/logger.js';
import { customNodeType } from './support/workflows.js';

const CATEGORY_NAMES = [
  'triggers',
  'inputs',
  'outputs',
  'prompts',
  'models',
  'processing',
  'logic',
  'data',
  'tools',
  'helpers',
  'vector stores',
  'embeddings',
  'memories',
  'agents',
  'ai',
  'interrupts',
  'bundles',
];
const DATA_TYPE_IDS = [
  'trigger',
  'string',
  'number',
  'boolean',
  'array',
  'string[]',
  'number[]',
  'boolean[]',
  'json[]',
  'file[]',
  'image[]',
  'json',
  'file',
  'image',
  'audio',
  'video',
  'tool',
  'url',
  'email',
  'date',
  'datetime',
  'time',
];
const AGENTSPEC_TYPES = [
  'start_node',
  'end_node',
  'llm_node',
  'branching_node',
  'tool_node',
  'api_node',
  'agent_node',
  'flow_node',
  'map_node',
];

const dirs: string[] = [];
const catalogs: Catalog[] = [];

async function tempDir(files: Record<string, string> = {}): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'wfe-catalog-'));
  dirs.push(dir);
  for (const [rel, text] of Object.entries(files)) await put(dir, rel, text);
  return dir;
}

async function put(dir: string, rel: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
  await writeFile(path.join(dir, rel), text);
}

async function open(dir: string, opts: { watch?: boolean; logger?: Logger; onChange?: () => void } = {}): Promise<Catalog> {
  const catalog = await loadCatalog(dir, { watch: opts.watch ?? false, logger: opts.logger ?? silentLogger, onChange: opts.onChange });
  catalogs.push(catalog);
  return catalog;
}

function recordingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return { ...silentLogger, warn: (m: string) => warnings.push(m), warnings };
}

async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

afterEach(async () => {
  await Promise.all(catalogs.splice(0).map((c) => c.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe('built-in catalog', () => {
  it('serves the 17 categories, the 22 port types and the starter node types', async () => {
    const catalog = await open(await tempDir());
    expect(catalog.errors()).toEqual([]);
    expect(catalog.categories().map((c) => c.name)).toEqual(CATEGORY_NAMES);
    expect(catalog.categories().map((c) => c.weight)).toEqual(CATEGORY_NAMES.map((_, i) => i));
    for (const c of catalog.categories()) {
      expect(c.icon).toMatch(/^mdi:/);
      expect(c.color).toMatch(/^var\(--fd-node-[a-z]+\)$/);
    }

    const ports = catalog.portConfig();
    expect(ports.version).toBe('1.0.0');
    expect(ports.defaultDataType).toBe('string');
    expect(ports.dataTypes.map((t) => t.id)).toEqual(expect.arrayContaining(DATA_TYPE_IDS));
    for (const t of ports.dataTypes) expect(t.color).toMatch(/^var\(--fd-/);

    const ids = catalog.nodeTypes().map((n) => n.id);
    for (const id of [
      'start',
      'end',
      'text_input',
      'chat_input',
      'prompt_template',
      'chat_model',
      'conditional_router',
      'calculator',
      'http_request',
      'json_parser',
      'text_output',
      'chat_output',
      'human_review',
      'for_each',
    ]) {
      expect(ids).toContain(id);
    }
    for (const t of AGENTSPEC_TYPES) {
      const node = catalog.getNodeType(`agentspec.${t}`);
      expect(node?.extensions).toEqual({ 'agentspec:component_type': t });
      expect(node?.formats).toEqual(['agentspec']);
    }
    expect(catalog.getNodeType('start')).toMatchObject({ type: 'terminal', category: 'triggers', outputs: [{ dataType: 'trigger' }] });
    expect(catalog.getNodeType('end')).toMatchObject({ type: 'terminal', category: 'outputs' });
    expect(catalog.getNodeType('conditional_router')?.type).toBe('gateway');
    expect(catalog.getNodeType('calculator')).toMatchObject({ type: 'tool', portDataType: 'tool' });
    expect(catalog.getNodeType('human_review')?.configSchema?.properties.interruptType.enum).toEqual([
      'confirmation',
      'choice',
      'text',
      'form',
      'review',
    ]);
    expect(catalog.getNodeType('for_each')?.inputs.map((p) => p.id)).toContain('loop_back');
  });

  it('gives every node type a valid descriptor whose required config has defaults', async () => {
    const catalog = await open(await tempDir());
    const categories = new Set(catalog.categories().map((c) => c.name));
    const dataTypes = new Set(catalog.portConfig().dataTypes.map((t) => t.id));
    for (const node of catalog.nodeTypes()) {
      expect(validateNodeType(node), `${node.id}: ${JSON.stringify(validateNodeType.errors)}`).toBe(true);
      expect(node.version).toBe('1.0.0');
      expect(categories.has(node.category), node.id).toBe(true);
      for (const port of node.inputs) expect([port.type, dataTypes.has(port.dataType)], `${node.id}.${port.id}`).toEqual(['input', true]);
      for (const port of node.outputs) expect([port.type, dataTypes.has(port.dataType)], `${node.id}.${port.id}`).toEqual(['output', true]);
      const schema = node.configSchema!;
      for (const key of schema.required ?? []) expect(schema.properties[key], `${node.id}.${key}`).toHaveProperty('default');
      const defaults = Object.fromEntries(
        Object.entries(schema.properties)
          .filter(([, p]) => 'default' in p)
          .map(([k, p]) => [k, p.default]),
      );
      expect(node.config, node.id).toEqual(defaults);
    }
  });

  it('sorts node types by category weight, then name', async () => {
    const catalog = await open(await tempDir());
    const weight = new Map(catalog.categories().map((c) => [c.name, c.weight!]));
    const keys = catalog.nodeTypes().map((n) => [weight.get(n.category)!, n.name] as const);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1], 'en'));
    expect(keys).toEqual(sorted);
  });
});

describe('folder overrides', () => {
  it('adds and overrides node types, categories, port types and rules', async () => {
    const dir = await tempDir({
      'nodes/custom.yaml': [
        '- id: sentiment',
        '  name: Sentiment',
        '  description: Scores text sentiment',
        '  category: sentiment analysis',
        '  version: 2.0.0',
        '  inputs:',
        '    - { id: text, name: Text, type: input, dataType: string }',
        '  outputs:',
        '    - { id: score, name: Score, type: output, dataType: score }',
        '',
      ].join('\n'),
      'nodes/x.json': JSON.stringify({ ...customNodeType('chat_model', 'My Model'), category: 'models' }, null, 2),
      'wfe.config.yaml': [
        'categories:',
        '  - { name: sentiment analysis, label: Sentiment, icon: "mdi:emoticon", weight: 4.5 }',
        '  - { name: tools, label: My Tools }',
        'portDataTypes:',
        '  - { id: score, name: Score, color: "var(--fd-node-pink)", aliases: [rating] }',
        'compatibilityRules:',
        '  - { from: score, to: number }',
        'mocks:',
        '  anything: goes here',
        '',
      ].join('\n'),
    });
    const catalog = await open(dir);
    expect(catalog.errors()).toEqual([]);

    expect(catalog.getNodeType('sentiment')).toMatchObject({ name: 'Sentiment', version: '2.0.0' });
    expect(catalog.getNodeType('chat_model')?.name).toBe('My Model');
    expect(catalog.nodeTypes().filter((n) => n.id === 'chat_model')).toHaveLength(1);

    const categories = catalog.categories();
    expect(categories.map((c) => c.name).indexOf('sentiment analysis')).toBe(CATEGORY_NAMES.indexOf('models') + 1);
    expect(categories.find((c) => c.name === 'tools')).toMatchObject({ label: 'My Tools', icon: 'mdi:tools', weight: 8 });
    const ids = catalog.nodeTypes().map((n) => n.id);
    expect(ids.indexOf('sentiment')).toBeGreaterThan(ids.indexOf('chat_model'));
    expect(ids.indexOf('sentiment')).toBeLessThan(ids.indexOf('json_parser'));

    const ports = catalog.portConfig();
    expect(ports.dataTypes.map((t) => t.id)).toEqual(expect.arrayContaining([...DATA_TYPE_IDS, 'score']));
    expect(ports.compatibilityRules).toContainEqual({ from: 'score', to: 'number' });
    expect(isCompatible(ports, 'score', 'number')).toBe(true);
    expect(isCompatible(ports, 'rating', 'number')).toBe(true);
    expect(isCompatible(ports, 'number', 'score')).toBe(false);
  });

  it('reports malformed and schema-invalid files with line and column, and keeps the rest', async () => {
    const logger = recordingLogger();
    const dir = await tempDir({
      'nodes/bad.json': '{\n  "id": "broken",\n  "name": ,\n}\n',
      'nodes/invalid.yaml': [
        'id: sideways_node',
        'name: Sideways',
        'description: Has a port going nowhere',
        'category: processing',
        'version: 1.0.0',
        'inputs:',
        '  - id: in',
        '    name: In',
        '    type: sideways',
        '    dataType: string',
        'outputs: []',
        '',
      ].join('\n'),
      'nodes/missing.yml': 'id: half_done\nname: Half done\n',
      'nodes/good.json': JSON.stringify(customNodeType('good_node')),
    });
    const catalog = await open(dir, { logger });

    expect(catalog.getNodeType('good_node')).toBeDefined();
    expect(catalog.getNodeType('sideways_node')).toBeUndefined();
    expect(catalog.getNodeType('chat_model')).toBeDefined();

    const errors = catalog.errors();
    const bad = errors.find((e) => e.file === 'nodes/bad.json');
    expect(bad).toMatchObject({ line: 3, column: 11 });
    expect(bad?.message).toMatch(/JSON/);

    const invalid = errors.find((e) => e.file === 'nodes/invalid.yaml');
    expect(invalid).toMatchObject({ pointer: '/inputs/0/type', line: 9, column: 11 });
    expect(invalid?.message).toContain('input');

    const missing = errors.filter((e) => e.file === 'nodes/missing.yml');
    expect(missing.map((e) => e.pointer).sort()).toEqual(['/category', '/description', '/inputs', '/outputs', '/version']);
    expect(missing[0]).toMatchObject({ line: 1, column: 1 });

    expect(logger.warnings.some((w) => w.includes('nodes/bad.json:3:11'))).toBe(true);
    expect(logger.warnings.some((w) => w.includes('nodes/invalid.yaml:9:11'))).toBe(true);
  });

  it('keeps serving the last good definitions of a file that turns invalid', async () => {
    const dir = await tempDir({ 'nodes/mine.json': JSON.stringify([customNodeType('mine_a'), customNodeType('mine_b')]) });
    const catalog = await open(dir);
    expect(catalog.getNodeType('mine_a')).toBeDefined();

    await put(dir, 'nodes/mine.json', '[{"id": "mine_a"');
    await catalog.reload();
    expect(catalog.getNodeType('mine_a')).toBeDefined();
    expect(catalog.errors()).toHaveLength(1);
    expect(catalog.errors()[0]).toMatchObject({ file: 'nodes/mine.json', line: 1 });

    await unlink(path.join(dir, 'nodes/mine.json'));
    await catalog.reload();
    expect(catalog.getNodeType('mine_a')).toBeUndefined();
    expect(catalog.errors()).toEqual([]);
  });

  it('reports an invalid config file and keeps the built-in categories', async () => {
    const dir = await tempDir({ 'wfe.config.yaml': 'categories: nope\ndefaultDataType: string\n' });
    const catalog = await open(dir);
    expect(catalog.categories()).toHaveLength(17);
    expect(catalog.errors()).toEqual([expect.objectContaining({ file: 'wfe.config.yaml', pointer: '/categories', line: 1, column: 13 })]);

    await put(dir, 'wfe.config.yaml', 'defaultDataType: nothing\n');
    await catalog.reload();
    expect(catalog.errors()).toEqual([expect.objectContaining({ pointer: '/defaultDataType', line: 1 })]);
    expect(catalog.portConfig().defaultDataType).toBe('string');
  });

  it('warns of a top-level key nothing reads (a misspelt ignore:), once per text, and applies the rest', async () => {
    const dir = await tempDir({ 'wfe.config.yaml': 'ignroe: [drafts/]\ndefaultDataType: number\nrules: {}\n' });
    const logger = recordingLogger();
    const catalog = await open(dir, { logger });
    expect(logger.warnings).toEqual([
      'catalog: wfe.config.yaml:1:9: /ignroe unknown key "ignroe", which wfe does not read; did you mean "ignore"?',
    ]);
    expect(catalog.errors()).toEqual([]);
    expect(catalog.portConfig().defaultDataType).toBe('number');
    await catalog.reload();
    expect(logger.warnings).toHaveLength(1);
    await put(dir, 'wfe.config.yaml', 'zzz: 1\n');
    await catalog.reload();
    expect(logger.warnings.at(-1)).toBe(
      'catalog: wfe.config.yaml:1:6: /zzz unknown key "zzz", which wfe does not read; wfe reads categories, portDataTypes, compatibilityRules, defaultDataType, mocks, runs, rules, ignore',
    );
  });

  it('takes a node type file whose types share one alias, and reports a file of YAML it cannot take by itself', async () => {
    const shared = [
      '- id: shared_0',
      '  name: Shared 0',
      '  description: d',
      '  category: ai',
      '  version: 1.0.0',
      '  inputs: &in [{ id: t, name: T, type: input, dataType: string }]',
      '  outputs: []',
    ];
    for (let i = 1; i < 150; i++)
      shared.push(
        `- id: shared_${i}`,
        `  name: Shared ${i}`,
        '  description: d',
        '  category: ai',
        '  version: 1.0.0',
        '  inputs: *in',
        '  outputs: []',
      );
    const dir = await tempDir({ 'nodes/shared.yaml': shared.join('\n') + '\n', 'nodes/loop.yaml': 'a: &a [*a]\n' });
    const catalog = await open(dir);
    expect(catalog.getNodeType('shared_149')?.inputs).toEqual([expect.objectContaining({ id: 't' })]);
    expect(catalog.errors()).toEqual([
      expect.objectContaining({ file: 'nodes/loop.yaml', message: expect.stringMatching(/an alias contains itself/) }),
    ]);
  });

  it('tolerates a missing folder', async () => {
    for (const watch of [false, true]) {
      const catalog = await open(path.join(await tempDir(), 'does-not-exist'), { watch });
      expect(catalog.errors()).toEqual([]);
      expect(catalog.categories()).toHaveLength(17);
    }
  });
});

describe('watching', () => {
  it('picks up new, changed and removed node files, and nodes/ created after start', async () => {
    const dir = await tempDir();
    let changes = 0;
    const catalog = await open(dir, { watch: true, onChange: () => changes++ });

    await put(dir, 'nodes/late.json', JSON.stringify(customNodeType('late_node', 'Late')));
    await until(() => catalog.getNodeType('late_node') !== undefined, 'a node type in a new nodes/ folder');
    expect(changes).toBeGreaterThan(0);

    await put(dir, 'nodes/late.json', JSON.stringify(customNodeType('late_node', 'Later')));
    await until(() => catalog.getNodeType('late_node')?.name === 'Later', 'a changed node file');

    await put(
      dir,
      'nodes/extra.yaml',
      `id: extra_node\nname: Extra\ndescription: x\ncategory: data\nversion: 1.0.0\ninputs: []\noutputs: []\n`,
    );
    await until(() => catalog.getNodeType('extra_node') !== undefined, 'a new yaml node file');

    await unlink(path.join(dir, 'nodes/late.json'));
    await until(() => catalog.getNodeType('late_node') === undefined, 'a removed node file');

    await put(dir, 'wfe.config.yaml', 'categories:\n  - { name: extra, label: Extra }\n');
    await until(() => catalog.categories().some((c) => c.name === 'extra'), 'a config change');
  });
});

describe('isCompatible', () => {
  const config: PortConfig = {
    defaultDataType: 'string',
    dataTypes: [
      { id: 'string', name: 'String', color: 'red', aliases: ['text'] },
      { id: 'number', name: 'Number', color: 'blue' },
      { id: 'mixed', name: 'Mixed', color: 'gray' },
    ],
    compatibilityRules: [
      { from: 'string', to: 'mixed' },
      { from: 'mixed', to: 'number' },
    ],
  };

  it('accepts the same type', () => {
    expect(isCompatible(config, 'number', 'number')).toBe(true);
    expect(isCompatible(config, 'unknown', 'unknown')).toBe(true);
  });

  it('follows rules in their direction only, without chaining them', () => {
    expect(isCompatible(config, 'string', 'mixed')).toBe(true);
    expect(isCompatible(config, 'mixed', 'string')).toBe(false);
    expect(isCompatible(config, 'string', 'number')).toBe(false);
    expect(isCompatible(config, 'number', 'string')).toBe(false);
  });

  it('treats an alias as its type', () => {
    expect(isCompatible(config, 'text', 'string')).toBe(true);
    expect(isCompatible(config, 'string', 'text')).toBe(true);
    expect(isCompatible(config, 'text', 'mixed')).toBe(true);
    expect(isCompatible(config, 'text', 'number')).toBe(false);
  });

  it('has no wildcard in the built-in config beyond its mixed rules', () => {
    expect(isCompatible(BUILTIN_PORT_CONFIG, 'string', 'mixed')).toBe(true);
    expect(isCompatible(BUILTIN_PORT_CONFIG, 'mixed', 'string')).toBe(true);
    expect(isCompatible(BUILTIN_PORT_CONFIG, 'mixed', 'number')).toBe(false);
    expect(isCompatible(BUILTIN_PORT_CONFIG, 'trigger', 'mixed')).toBe(false);
    expect(isCompatible(BUILTIN_PORT_CONFIG, 'tool', 'string')).toBe(false);
    expect(isCompatible(BUILTIN_PORT_CONFIG, 'json[]', 'array')).toBe(true);
    expect(isCompatible(BUILTIN_PORT_CONFIG, 'array', 'json[]')).toBe(false);
  });
});
