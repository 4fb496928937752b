// wfe import: Agent Spec flows (official or FlowDrop's dialect) or FlowDrop JSON/YAML → workflow files.
import { dirname, join, resolve } from 'node:path';
import { AgentSpecError, importDocument, parseText, type ImportSource } from '../agentspec/index.js';
import { graphErrors } from '../graph/integrity.js';
import { checkNewWorkflowId } from '../store/workflow-store.js';
import { createLogger } from '../util/logger.js';
import { stableStringify } from '../util/stable-json.js';
import { folderSettings } from './catalog-for.js';
import { destinationFor, expandInputs, OutputExistsError, readInput, UsageError, writeOutput, type Destination, type Input } from './io.js';
import { runBatch } from './batch.js';
import { pointerProblem, problemLine, say } from './report.js';



export async function runImport(args: string[], flags: ImportFlags): Promise<number> {
  let inputs: Input[];
  let destination: Destination;
  try {
    inputs = await expandInputs(args, ['.json', '.yaml', '.yml']);
    destination = await destinationFor(flags.output, inputs.length);
    if (destination.kind === 'file') destination = { kind: 'dir', path: destination.path };
  } catch (err) {
    if (err instanceof UsageError) throw new Error(err.message);
    throw err;
  }
  const settingsFor = folderSettings(createLogger('warn'));
  return runBatch('import', 'imported', inputs, (input) => importOne(input, destination, flags, settingsFor));
}

async function importOne(input: Input, destination: Destination, flags: ImportFlags, settingsFor: ReturnType<typeof folderSettings>): Promise<boolean> {
  const text = await readInput(input).catch((err: Error) => (say(problemLine(input.name, 'error', `cannot read: ${err.message}`)), undefined));
  if (text === undefined) return false;
  const parsed = parseText(text, input.name);
  if (!parsed.ok) return (say(problemLine(input.name, 'error', parsed.message, parsed)), false);
  const outDir = destination.kind === 'dir' ? resolve(destination.path) : undefined;
  const settings = await settingsFor(outDir ?? (input.path ? dirname(input.path) : process.cwd()));
  let workflow;
  try {
    workflow = importDocument(parsed.value, { from: flags.from, lookupNodeType: (id) => settings.catalog.getNodeType(id) }).workflow;
  } catch (err) {
    if (err instanceof AgentSpecError) return (say(pointerProblem(input.name, text, err.path, err.message)), false);
    throw err;
  }
  const problems = graphErrors(workflow, settings.checkConfig);
  if (problems.length > 0) return (problems.forEach((m) => say(problemLine(input.name, 'error', m))), false);
  if (destination.kind === 'stdout') {
    process.stdout.write(stableStringify(workflow));
    return true;
  }
  try {
    checkNewWorkflowId(workflow.id);
  } catch (err) {
    return (say(problemLine(input.name, 'error', `workflow id "${workflow.id}" cannot be a file name: ${(err as Error).message}`)), false);
  }
  const target = join(destination.path, `${workflow.id}.json`);
  try {
    await writeOutput(target, stableStringify(workflow), flags.force);
    return true;
  } catch (err) {
    if (err instanceof OutputExistsError) return (say(problemLine(input.name, 'error', err.message)), false);
    throw err;
  }
}

export interface ImportFlags {
  from: ImportSource;
  output?: string;
  force: boolean;
}
