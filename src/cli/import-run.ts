// wfe import: Agent Spec flows (official or FlowDrop's dialect) or FlowDrop JSON/YAML → workflow files.
import { dirname, join, resolve } from 'node:path';
import { AgentSpecError, importDocument, readComponentsFiles, type ImportSource, type Registry } from '../agentspec/index.js';
import { graphErrors } from '../graph/integrity.js';
import { checkNewWorkflowId } from '../store/paths.js';
import { createLogger } from '../util/logger.js';
import { stableStringify } from '../util/stable-json.js';
import { folderSettings } from '../project/folder-settings.js';
import { checkPattern, IgnoreConfigError } from '../project/ignore.js';
import { errorText } from './error-text.js';
import {
  configIgnoreOf,
  destinationFor,
  expandInputs,
  readParsedInput,
  UsageError,
  writeOutput,
  type Destination,
  type Input,
} from './io.js';
import { runBatch } from './batch.js';
import { pointerProblem, problemLine, say } from './report.js';

export async function runImport(args: string[], flags: ImportFlags): Promise<number> {
  let inputs: Input[];
  let destination: Destination;
  const settingsFor = folderSettings(createLogger('warn'));
  try {
    const ignore = (flags.ignore ?? []).map((p) => checkPattern(p, '--ignore'));
    inputs = await expandInputs(args, ['.json', '.yaml', '.yml'], { patterns: ignore, configIgnore: configIgnoreOf(settingsFor) });
    // With one input, -o names the file (unless it is a folder or ends with /); with several, a folder.
    destination = await destinationFor(flags.output, inputs.length);
  } catch (err) {
    if (err instanceof UsageError || err instanceof IgnoreConfigError) throw new Error(err.message);
    throw err;
  }
  let registry: Registry | undefined;
  try {
    registry = flags.components?.length ? await readComponentsFiles(flags.components) : undefined;
  } catch (err) {
    if (err instanceof AgentSpecError) throw new Error(err.message);
    throw err;
  }
  return runBatch('import', 'imported', inputs, (input) => importOne(input, destination, flags, settingsFor, registry), flags.quiet);
}

async function importOne(
  input: Input,
  destination: Destination,
  flags: ImportFlags,
  settingsFor: ReturnType<typeof folderSettings>,
  registry?: Registry,
): Promise<boolean> {
  const read = await readParsedInput(input);
  if (!read) return false;
  const { text, value } = read;
  const outDir =
    destination.kind === 'dir' ? resolve(destination.path) : destination.kind === 'file' ? dirname(resolve(destination.path)) : undefined;
  const settings = await settingsFor(outDir ?? (input.path ? dirname(input.path) : process.cwd()));
  let workflow;
  try {
    workflow = importDocument(value, {
      from: flags.from,
      registry,
      lookupNodeType: (id) => settings.catalog.getNodeType(id),
    }).workflow;
  } catch (err) {
    if (err instanceof AgentSpecError) {
      say(pointerProblem(input.name, text, err.path, err.message));
      return false;
    }
    throw err;
  }
  const problems = graphErrors(workflow, settings.checkConfig);
  if (problems.length > 0) {
    problems.forEach((m) => say(problemLine(input.name, 'error', m)));
    return false;
  }
  if (destination.kind === 'stdout') {
    process.stdout.write(stableStringify(workflow));
    return true;
  }
  // A write that fails (the file exists without --force, a full disk) is this input's failure: runBatch reports it.
  if (destination.kind === 'file') {
    await writeOutput(destination.path, stableStringify(workflow), flags.force === true, true);
    return true;
  }
  try {
    checkNewWorkflowId(workflow.id);
  } catch (err) {
    say(problemLine(input.name, 'error', `workflow id "${workflow.id}" cannot be a file name: ${errorText(err)}`));
    return false;
  }
  await writeOutput(join(destination.path, `${workflow.id}.json`), stableStringify(workflow), flags.force === true, true);
  return true;
}

export interface ImportFlags {
  from: ImportSource;
  output?: string;
  force?: boolean;
  ignore?: string[];
  quiet?: boolean;
  /** --components files: shared components the inputs reference (a disaggregated config). */
  components?: string[];
}
