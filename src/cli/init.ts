// `wfe init [dir]`: a workflows folder a newcomer can serve at once. Never overwrites without --force, and never
// half-writes: every target is checked before anything is written, and each file is written atomically.
import { lstat, readFile, stat } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import type { CommandRun } from './command-run.js';
import type { Command } from './commander.js';
import { writeFileAtomic } from '../store/atomic-write.js';

const SAMPLES = ['chat-pipeline.json', 'support-router.json', 'refund-approval.json'];

const CONFIG = `# wfe.config.yaml: read by \`wfe serve\` (and \`wfe validate\`, \`wfe export\`). Every key is optional.
# Changes are picked up while \`wfe serve\` runs.

# Extra sidebar categories, or overrides of the built-in ones (same name).
# categories:
#   - { name: ml, label: Machine Learning, icon: mdi:brain, color: "var(--fd-node-purple)", weight: 20 }

# Extra port data types; an id that exists replaces the built-in one's fields.
# portDataTypes:
#   - { id: embedding, name: Embedding, color: "#8b5cf6", category: complex }

# Directed connection rules between data types (from an output type to an input type).
# compatibilityRules:
#   - { from: embedding, to: json, description: Embeddings are JSON arrays }

# Simulated answers of the built-in run engine, by node id or node type id.
mocks:
  chat_model: "This is a mock reply. Edit wfe.config.yaml (mocks:) to change it."

# Severities of validation rules: error, warning or off (see \`wfe validate --help\`).
# rules:
#   no-cycle: off
`;

const NODE_EXAMPLE = `# nodes/*.yaml|json: your own node types. One type per file here; a list works too.
# A node type with the id of a built-in one replaces it.
id: sentiment_score
name: Sentiment Score
description: Scores the sentiment of a text from -1 (negative) to 1 (positive)
category: ai
version: 1.0.0
type: default
supportedTypes: [default, simple]
icon: mdi:emoticon-outline
inputs:
  - { id: trigger, name: Trigger, type: input, dataType: trigger }
  - { id: text, name: Text, type: input, dataType: string, required: true }
outputs:
  - { id: trigger, name: Trigger, type: output, dataType: trigger }
  - { id: score, name: Score, type: output, dataType: number }
configSchema:
  type: object
  properties:
    threshold: { type: number, title: Threshold, minimum: 0, maximum: 1, default: 0.5 }
config:
  threshold: 0.5
`;

const GITIGNORE = `# wfe's run history, playground sessions and backups (see the wfe README)
.wfe/
`;

/** The package's own fixtures folder (beside dist/ and bin/). */
const fixturesDir = (): string => new URL('../../fixtures/workflows/', import.meta.url).pathname;

export async function planInit(dir: string): Promise<Array<{ path: string; content: string }>> {
  const samples = await Promise.all(
    SAMPLES.map(async (name) => ({ path: join(dir, name), content: await readFile(join(fixturesDir(), name), 'utf8') })),
  );
  return [
    ...samples,
    { path: join(dir, 'wfe.config.yaml'), content: CONFIG },
    { path: join(dir, 'nodes', 'sentiment-score.yaml'), content: NODE_EXAMPLE },
    { path: join(dir, '.gitignore'), content: GITIGNORE },
  ];
}

export function registerInitCommand(program: Command, { terminal, exitWith }: CommandRun): void {
  program
    .command('init')
    .description('Create a workflows folder: sample workflows, a commented wfe.config.yaml, a nodes/ example and a .gitignore for .wfe/.')
    .argument('[dir]', 'the folder to create or fill', './workflows')
    .option('--force', 'overwrite files that already exist', false)
    .addHelpText('after', '\nExamples:\n  $ wfe init                 creates ./workflows\n  $ wfe init my-flows && wfe serve my-flows\n')
    .action(async (dir: string, flags: { force: boolean }) => {
      const { cwd } = terminal;
      const root = resolve(cwd, dir);
      const plan = await planInit(root);
      const blocked = await pathsInTheWay(plan);
      if (blocked.length > 0) {
        terminal.stderr.write(
          `wfe init: these paths are in the way:\n${blocked.map((b) => `  ${relative(cwd, b.path) || b.path}: ${b.what}`).join('\n')}\n` +
            'Nothing was written. Move them away, or pick another folder.\n',
        );
        exitWith(1);
        return;
      }
      const existing = (await Promise.all(plan.map(async (f) => ((await stat(f.path).catch(() => undefined)) ? [f.path] : [])))).flat();
      if (existing.length > 0 && !flags.force) {
        terminal.stderr.write(
          `wfe init: these files already exist and were left alone:\n${existing.map((p) => `  ${relative(cwd, p) || p}`).join('\n')}\n` +
            'Nothing was written. Pick another folder, or add --force to overwrite them.\n',
        );
        exitWith(1);
        return;
      }
      for (const file of plan) {
        await mkdir(dirname(file.path), { recursive: true });
        await writeFileAtomic(file.path, file.content);
      }
      terminal.stdout.write(
        `Created ${plan.length} files in ${root}:\n${plan.map((f) => `  ${relative(root, f.path)}`).join('\n')}\n\nNext: wfe serve ${shellWord(relative(cwd, root) || '.')}\n`,
      );
    });
}

/**
 * What stands where the plan needs the other kind, --force or not: a folder where a file goes, a file where a
 * folder goes (the folder to create, or one of its parents). Found before anything is written.
 */
async function pathsInTheWay(plan: Array<{ path: string }>): Promise<Array<{ path: string; what: string }>> {
  const found = new Map<string, string>();
  const kindOf = async (path: string) => (await lstat(path).catch(() => undefined))?.isDirectory();
  for (const { path } of plan) if ((await kindOf(path)) === true) found.set(path, 'a folder, where a file goes');
  for (const folder of new Set(plan.map(({ path }) => dirname(path)))) {
    // The nearest part of the folder's path that exists must be a folder.
    for (let at = folder; ; at = dirname(at)) {
      const isFolder = await kindOf(at);
      if (isFolder === false) found.set(at, 'a file, where a folder goes');
      if (isFolder !== undefined || dirname(at) === at) break;
    }
  }
  return [...found].map(([path, what]) => ({ path, what })).sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** A path as a POSIX shell reads it back: as it is when plain, else single-quoted (a ' closed, escaped, reopened). */
const shellWord = (path: string): string => {
  // A leading - would be read as an option.
  const safe = path.startsWith('-') ? `./${path}` : path;
  return /^[\w@%+=:,./-]+$/.test(safe) ? safe : `'${safe.replaceAll("'", `'\\''`)}'`;
};
