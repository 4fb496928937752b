// The layers point one way: no import cycle between files or between folders (type imports count), and
// no folder imports from a floor above it. Reads the import statements of src/ as text. And type
// assertions in src/ do not grow back: counted with the TypeScript parser, against a budget.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type TypeScript from 'typescript';
import { describe, expect, it } from 'vitest';

// Required, not imported: Node imports a CommonJS package by compiling it once to see that it is not an ES
// module and scanning it for its exports, before compiling it again to run it. For typescript.js (9 MB) that
// took 1.1 s of CPU, against 0.35 s for a require.
const ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;

const SRC = resolve(import.meta.dirname, '..', 'src');

/** Floors, top to bottom: a folder may import its own floor's other folders only where listed, and any floor below. */
const FLOORS: string[][] = [
  ['cli'],
  ['server'],
  ['engine', 'validate', 'review'],
  ['agentspec', 'store'],
  ['graph', 'catalog', 'project'],
  ['contract', 'util'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
const DYNAMIC = /import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function importsOf(file: string, known: Set<string>): string[] {
  const text = readFileSync(file, 'utf8');
  const targets = new Set<string>();
  for (const pattern of [IMPORT, DYNAMIC]) {
    for (const match of text.matchAll(pattern)) {
      const base = resolve(dirname(file), match[1]).replace(/\.js$/, '');
      const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => known.has(candidate));
      if (found) targets.add(found);
    }
  }
  return [...targets];
}

/** Strongly connected components with more than one member (Tarjan, iterative), each sorted. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++];
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) found.push(component.sort());
      }
    }
  }
  return found;
}

/**
 * Type assertions allowed in src/ (the generated src/contract/precompiled/ aside): `x as T` (`as const`
 * is not one; `<T>x` counts as one) and, of those, `x as unknown as T`. Narrow instead (src/util/narrow.ts,
 * conformsTo in src/contract/validators.ts); an assertion that is truly needed (a library typing gap) lives
 * in one named helper. Lower the budget when you remove casts; never raise it without a reason in the commit.
 */
const CAST_BUDGET = { as: 14, asUnknownAs: 0 };

interface Casts {
  as: number;
  asUnknownAs: number;
}

/** The assertions in one file's text: `x as unknown as T` is two (one of them `as unknown as`). */
function castsIn(file: string, text: string): Casts {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  // Comments are not parsed for JSDoc: no assertion lives there in a .ts file, and the parse takes less.
  const options = { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone };
  const source = ts.createSourceFile(file, text, options, false, kind);
  const found: Casts = { as: 0, asUnknownAs: 0 };
  const visit = (node: TypeScript.Node): void => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !ts.isConstTypeReference(node.type)) {
      found.as++;
      let inner = node.expression;
      while (ts.isParenthesizedExpression(inner)) inner = inner.expression;
      if (ts.isAsExpression(inner) && inner.type.kind === ts.SyntaxKind.UnknownKeyword) found.asUnknownAs++;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Each file of `paths` with its casts, and the totals; files without any are left out. */
function castCount(paths: string[]): { total: Casts; byFile: string[] } {
  const total: Casts = { as: 0, asUnknownAs: 0 };
  const byFile: string[] = [];
  for (const file of paths) {
    const casts = castsIn(file, readFileSync(file, 'utf8'));
    if (casts.as === 0) continue;
    total.as += casts.as;
    total.asUnknownAs += casts.asUnknownAs;
    byFile.push(`src/${relative(SRC, file)}: ${casts.as} as${casts.asUnknownAs ? ` (${casts.asUnknownAs} as unknown as)` : ''}`);
  }
  return { total, byFile };
}

const files = sourceFiles(SRC);
const known = new Set(files);
const fileGraph = new Map(files.map((f) => [f, importsOf(f, known)]));
const folderOf = (file: string): string =>
  relative(SRC, file)
    .split(/[\\/]/)[0]
    .replace(/\.tsx?$/, '');
const floorOf = (folder: string): number => FLOORS.findIndex((floor) => floor.includes(folder));

describe('architecture', () => {
  it('knows every folder of src/', () => {
    const unknown = [...new Set(files.map(folderOf))].filter((folder) => floorOf(folder) < 0);
    expect(unknown, 'add new folders to FLOORS in this test').toEqual([]);
  });

  it('has no import cycle between files', () => {
    const found = cycles(fileGraph).map((c) => c.map((f) => relative(SRC, f)).join(' ↔ '));
    expect(found).toEqual([]);
  });

  it('has no import cycle between folders, and no folder imports from a floor above', () => {
    const folderGraph = new Map<string, string[]>();
    const upward: string[] = [];
    for (const [file, targets] of fileGraph) {
      const from = folderOf(file);
      for (const target of targets) {
        const to = folderOf(target);
        if (to === from) continue;
        folderGraph.set(from, [...new Set([...(folderGraph.get(from) ?? []), to])]);
        if (floorOf(to) < floorOf(from)) upward.push(`${relative(SRC, file)} → ${relative(SRC, target)}`);
      }
    }
    expect(cycles(folderGraph)).toEqual([]);
    expect(upward).toEqual([]);
  });

  it('keeps type assertions in src/ within their budget', () => {
    const generated = join(SRC, 'contract', 'precompiled') + sep;
    const { total, byFile } = castCount(files.filter((file) => !file.startsWith(generated)));
    const report = `type assertions in src/ (${total.as} as, ${total.asUnknownAs} as unknown as; budget ${CAST_BUDGET.as} and ${CAST_BUDGET.asUnknownAs}):\n  ${byFile.join('\n  ')}\nNarrow instead of asserting (see CAST_BUDGET in this test).`;
    expect(total.as, report).toBeLessThanOrEqual(CAST_BUDGET.as);
    expect(total.asUnknownAs, report).toBeLessThanOrEqual(CAST_BUDGET.asUnknownAs);
  });

  it('counts every kind of assertion but `as const` (the counter itself can fail)', () => {
    const text =
      'const a = b as T;\nconst c = [1] as const;\nconst e = f as unknown as G;\nconst g = (h as unknown) as G;\nconst i = <T>j;\nconst k = l!;\n';
    expect(castsIn('sample.ts', text)).toEqual({ as: 6, asUnknownAs: 2 });
    expect(castsIn('sample.tsx', 'const x = <div>{y as string}</div>;')).toEqual({ as: 1, asUnknownAs: 0 });
  });

  it('finds a cycle when there is one (the checker itself can fail)', () => {
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
  });
});
