// `wfe validate` throughput: files/s over 10,000 generated workflows, next to a baseline measured in
// the same run on the same files (read + JSON.parse, nothing else). Run with `npm run bench`.
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { folderSettings } from '../dist/cli/catalog-for.js';
import { runValidation } from '../dist/validate/run.js';
import { silentLogger } from '../dist/util/logger.js';

const COUNT = Number(process.env.BENCH_FILES ?? 10_000);
const template = JSON.parse(await readFile(new URL('../fixtures/workflows/chat-pipeline.json', import.meta.url), 'utf8'));
const dir = await mkdtemp(join(tmpdir(), 'wfe-validate-bench-'));

try {
  const text = (i) => JSON.stringify({ ...template, id: `wf-${i}`, name: `Workflow ${i}` }, null, 2);
  for (let i = 0; i < COUNT; i += 500) await Promise.all(Array.from({ length: Math.min(500, COUNT - i) }, (_, j) => writeFile(join(dir, `wf-${i + j}.json`), text(i + j))));
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  const bytes = Buffer.byteLength(text(0));

  const baseline = async () => {
    const t0 = performance.now();
    let nodes = 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < names.length) nodes += JSON.parse(await readFile(join(dir, names[next++]), 'utf8')).nodes.length;
      }),
    );
    return { ms: performance.now() - t0, nodes };
  };
  const validate = async () => {
    const t0 = performance.now();
    const report = await runValidation({
      files: names.map((name) => ({ name, folder: dir, read: () => readFile(join(dir, name), 'utf8') })),
      flagRules: {},
      settingsFor: folderSettings(silentLogger),
    });
    return { ms: performance.now() - t0, errors: report.errorCount };
  };

  await baseline(); // warm the page cache and the JIT for both
  await validate();
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push({ base: await baseline(), wfe: await validate() });
  const median = (xs) => xs.sort((a, b) => a - b)[1];
  const baseMs = median(runs.map((r) => r.base.ms));
  const wfeMs = median(runs.map((r) => r.wfe.ms));
  const rate = (ms) => Math.round((COUNT / ms) * 1000);
  console.log(`wfe validate bench · Node ${process.version} · ${COUNT.toLocaleString('en')} workflows of ${bytes.toLocaleString('en')} bytes (${template.nodes.length} nodes) · median of 3`);
  console.log(`  baseline (read + JSON.parse)   ${rate(baseMs).toLocaleString('en').padStart(8)} files/s   ${Math.round(baseMs)} ms`);
  console.log(`  wfe validate (every rule)      ${rate(wfeMs).toLocaleString('en').padStart(8)} files/s   ${Math.round(wfeMs)} ms   ${Math.round((baseMs / wfeMs) * 100)}% of baseline (target ≥ 50%)`);
  if (runs[0].wfe.errors !== 0) console.log(`  (note: ${runs[0].wfe.errors} errors reported)`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
