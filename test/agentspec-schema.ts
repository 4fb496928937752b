// The official Open Agent Spec JSON Schemas, read at test time from ../shared/agentspec/schema (never
// copied). ajv 2020 (they use prefixItems), x-abstract-component registered, formats not checked.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { missingShared, sharedDir } from './support/shared.js';
import { cachedValidator } from './support/test-cache.js';

export const agentSpecDir = join(sharedDir, 'agentspec');
export const examplesDir = join(agentSpecDir, 'examples');

/** Why the tests that read Oracle's examples or schemas cannot run here; undefined when they can. */
export const agentSpecMissing = missingShared(examplesDir, join(agentSpecDir, 'schema'));

// Unoptimised code without inlined refs judges the same and compiles in about half the time. Compiling the
// releases still takes 1.3 s, in every test worker, on every run: the code ajv generates is kept on disk
// (test/support/test-cache.ts) and loaded instead, in about 30 ms.
const AJV_OPTIONS = {
  strictTypes: false,
  validateFormats: false,
  allErrors: false,
  inlineRefs: false,
  code: { optimize: false, source: true },
};
const KEYWORDS = ['x-abstract-component'];
const ajv = new Ajv2020(AJV_OPTIONS);
for (const keyword of KEYWORDS) ajv.addKeyword(keyword);
const byVersion = new Map<string, ValidateFunction>();
/** By the schema's text: two releases can publish the same schema (26.1.2 and 26.2.0 do). */
const byText = new Map<string, ValidateFunction>();

function validator(version: string): ValidateFunction {
  let found = byVersion.get(version);
  if (!found) {
    const text = readFileSync(join(agentSpecDir, 'schema', `agentspec_json_spec_${version.replaceAll('.', '_')}.json`), 'utf8');
    found = byText.get(text) ?? compiledOnce(text);
    byText.set(text, found);
    byVersion.set(version, found);
  }
  return found;
}

/** The validator of a schema: ajv's code from an earlier run, or compiled now and kept for the next. */
function compiledOnce(text: string): ValidateFunction {
  // The code depends on ajv's version, the options and keywords above, and the schema: all of them name it.
  return cachedValidator('agentspec-schema', [JSON.stringify(AJV_OPTIONS), KEYWORDS.join(','), text], () => ({
    ajv,
    validate: ajv.compile(JSON.parse(text)),
  }));
}

/**
 * Problems of a document under one schema release ([] when valid). The published schemas reject any
 * root carrying agentspec_version (the language specification puts it on the root alone): it is removed first and checked against the enum.
 */
export function schemaProblems(document: Record<string, unknown>, version = '26.2.0'): string[] {
  const { agentspec_version: declared, ...rest } = document;
  const problems: string[] = [];
  if (!['25.4.1', '25.4.2', '26.1.0', '26.1.2', '26.2.0'].includes(declared as string))
    problems.push(`agentspec_version ${JSON.stringify(declared)} is not a release`);
  const validate = validator(version);
  if (!validate(rest)) problems.push(...(validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath} ${e.message}`));
  return problems;
}

/** One of Oracle's examples, parsed; {} where the shared folder is missing (the tests that use it skip). */
export const readExample = (name: string) => (agentSpecMissing ? {} : JSON.parse(readFileSync(join(examplesDir, name), 'utf8')));

export const exampleFiles = (): string[] =>
  (existsSync(examplesDir) ? readdirSync(examplesDir) : []).filter((f) => /\.(json|ya?ml)$/.test(f)).sort();
