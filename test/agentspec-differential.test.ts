// wfe validate against Oracle's reference loader (pyagentspec, through ../shared/pyagentspec/load), on seeded
// one-change mutations of Oracle's example Flow configs and of the nested flows of agentspec-nested-flows.ts.
// Every case is judged by both; a disagreement fails the test unless it is one the language spec decides
// for wfe (SPEC_SIDED below, each with its clause, and docs/rules.md lists the same). Prints a table per
// mutation kind. Skips, saying why, where the loader is not on the machine (as in CI).
//   WFE_DIFF_CASES (default 240), WFE_DIFF_SEED (default 35), WFE_DIFF_KEEP=1 keeps the cases' folder.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify as stringifyYaml } from 'yaml';
import { MUTATION_KINDS, mutate, type Json, type Mutation, type MutationKind } from './support/agentspec-mutations.js';
import { numberFromEnv, seededRandom } from './support/seeded.js';
import { nestedFlows } from './support/agentspec-nested-flows.js';
import { nested, root } from './support/agentspec-rule-documents.js';
import { BIN } from './support/cli.js';
import { referenceLoaderMissing, runReferenceLoader } from './support/reference-loader.js';
import { sharedDir } from './support/shared.js';

const EXAMPLES = join(sharedDir, 'agentspec', 'examples');
const CASES = numberFromEnv('WFE_DIFF_CASES', 240);
const SEED = numberFromEnv('WFE_DIFF_SEED', 35);

/** Rule ids whose refusal the language spec decides, where pyagentspec loads the file anyway. */
const SPEC_SIDED: Record<string, string> = {
  'agentspec-branch-exists': 'language spec, ControlFlowEdge: from_branch "must be among the list of branches offered by the from_node"',
  'agentspec-one-edge-per-branch': 'language spec, Flow: "multi-connections from the same outgoing branch of a node are not allowed"',
  'agentspec-unique-id': 'language spec, Component: id is "a unique identifier for the component"',
};

const unavailable = referenceLoaderMissing();

interface Reference {
  ok: boolean;
  message: string;
}

function loadAll(files: string[]): Map<string, Reference> {
  const run = runReferenceLoader(files);
  const verdicts = new Map<string, Reference>();
  for (const line of run.stdout.split('\n')) {
    const [status, file, ...rest] = line.split('\t');
    if (status === 'OK' || status === 'FAIL') verdicts.set(file, { ok: status === 'OK', message: rest.join(' ') });
  }
  return verdicts;
}

interface WfeVerdict {
  errors: Array<{ ruleId: string; message: string }>;
}

function validateAll(files: string[]): Map<string, WfeVerdict> {
  const run = spawnSync(process.execPath, [BIN, 'validate', ...files, '-f', 'json', '--rule', 'duplicate-workflow-id=off'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const report = JSON.parse(run.stdout) as {
    files: Array<{ file: string; problems: Array<{ ruleId: string; severity: string; message: string }> }>;
  };
  return new Map(
    report.files.map((f) => [
      resolve(f.file),
      { errors: f.problems.filter((p) => p.severity === 'error').map(({ ruleId, message }) => ({ ruleId, message })) },
    ]),
  );
}

function sources(): Record<string, Json> {
  const found: Record<string, Json> = {};
  for (const name of readdirSync(EXAMPLES)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const document = JSON.parse(readFileSync(join(EXAMPLES, name), 'utf8')) as Json;
    if (typeof document === 'object' && document !== null && !Array.isArray(document) && document.component_type === 'Flow')
      found[name] = document;
  }
  return { ...found, ...nestedFlows(), 'rule-tests-summary': root(), 'rule-tests-nested': nested() };
}

interface Case {
  file: string;
  source: string;
  mutation?: Mutation;
}

function writeCases(folder: string): Case[] {
  const all = sources();
  const names = Object.keys(all);
  const { next: random } = seededRandom(SEED);
  const cases: Case[] = names.map((source, i) => {
    const file = join(folder, `original-${i}.json`);
    writeFileSync(file, JSON.stringify(all[source], null, 2));
    return { file, source };
  });
  for (let i = 0; cases.length < names.length + CASES && i < CASES * 20; i++) {
    const source = names[Math.floor(random() * names.length)];
    const mutation = mutate(all[source], random);
    if (!mutation) continue;
    // Every third case as YAML: both tools read the format the file's name gives.
    const yaml = cases.length % 3 === 0;
    const file = join(folder, `case-${cases.length}.${yaml ? 'yaml' : 'json'}`);
    writeFileSync(file, yaml ? stringifyYaml(mutation.document, { version: '1.1' }) : JSON.stringify(mutation.document, null, 2));
    cases.push({ file, source, mutation });
  }
  return cases;
}

describe.skipIf(unavailable !== undefined)("wfe validate agrees with Oracle's loader", () => {
  it(`on the originals and ${CASES} seeded mutations (seed ${SEED})`, () => {
    const folder = mkdtempSync(join(tmpdir(), 'wfe-diff-'));
    try {
      const cases = writeCases(folder);
      const reference = loadAll(cases.map((c) => c.file));
      const wfe = validateAll(cases.map((c) => c.file));
      type Row = { cases: number; agree: number; falsePass: number; specSided: number; falseRefusal: number };
      const table = new Map<MutationKind | 'original', Row>();
      const failures: string[] = [];
      for (const c of cases) {
        const ref = reference.get(c.file);
        const ours = wfe.get(resolve(c.file));
        expect(ref, `the loader judged ${c.file}`).toBeDefined();
        expect(ours, `wfe judged ${c.file}`).toBeDefined();
        const kind = c.mutation?.kind ?? 'original';
        const row = table.get(kind) ?? { cases: 0, agree: 0, falsePass: 0, specSided: 0, falseRefusal: 0 };
        table.set(kind, row);
        row.cases++;
        const wfeOk = ours!.errors.length === 0;
        const what = `${c.file.slice(folder.length + 1)} (${c.source}${c.mutation ? `, ${c.mutation.kind}: ${c.mutation.what}` : ''})`;
        if (wfeOk === ref!.ok) row.agree++;
        else if (wfeOk) {
          row.falsePass++;
          failures.push(`wfe passes, the loader refuses: ${what}\n    loader: ${ref!.message.slice(0, 300)}`);
        } else if (ours!.errors.every((e) => e.ruleId in SPEC_SIDED)) row.specSided++;
        else {
          row.falseRefusal++;
          failures.push(
            `wfe refuses, the loader loads: ${what}\n    wfe: ${ours!.errors
              .map((e) => `${e.ruleId}: ${e.message}`)
              .join(' | ')
              .slice(0, 400)}`,
          );
        }
      }
      const lines = ['kind                   cases  agree  wfe-passes-only  spec-sided  wfe-refuses-only'];
      for (const kind of ['original', ...MUTATION_KINDS] as const) {
        const r = table.get(kind);
        if (r)
          lines.push(
            `${kind.padEnd(22)} ${String(r.cases).padStart(5)}  ${String(r.agree).padStart(5)}  ${String(r.falsePass).padStart(15)}  ${String(r.specSided).padStart(10)}  ${String(r.falseRefusal).padStart(16)}`,
          );
      }
      console.log(lines.join('\n'));
      if (process.env.WFE_DIFF_KEEP) console.log(`cases kept in ${folder}`);
      expect(failures, failures.join('\n')).toEqual([]);
    } finally {
      if (!process.env.WFE_DIFF_KEEP) rmSync(folder, { recursive: true, force: true });
    }
  }, 300_000);
});
