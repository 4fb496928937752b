// wfe validate: check inputs once (or again on every change with --watch) and write each report where
// its -f/-o pair says.
import { appendFile } from '../util/fs-calls.js';
import { dirname, resolve } from 'node:path';
import { isCi } from '../util/ci.js';
import type { CacheStrategy } from '../validate/cache.js';
import type { ValidationCache } from '../validate/cache.js';
import type { FileCheck, RemoteChecker, SourceFile } from '../validate/run.js';
import type { Report } from '../validate/types.js';
import { cwdPath } from '../util/cwd-path.js';
import type { Concurrency } from './concurrency.js';
import type { ValidateTask } from './validate-worker.js';
import type { ReportFlag } from './report-targets.js';
import type { Input } from './inputs.js';
import type { ScreenedInput } from './read-inputs.js';
import { exitCodeFor, type Terminal } from './terminal.js';
import { errorMessage } from '../util/narrow.js';

export interface ValidateFlags {
  rule?: string[];
  ignore?: string[];
  config?: string;
  maxWarnings?: number;
  stdinFilename: string;
  color?: boolean;
  timings?: boolean;
  quiet?: boolean;
  watch?: boolean;
  listRules?: boolean;
  cache?: boolean;
  cacheLocation?: string;
  cacheStrategy?: CacheStrategy;
  concurrency?: Concurrency;
}

export interface ValidateRun {
  /** -f and -o in command-line order. */
  reportFlags: ReportFlag[];
  terminal: Terminal;
}

export async function validateCommand(args: string[], flags: ValidateFlags, { reportFlags, terminal }: ValidateRun): Promise<number> {
  const [
    { ALL_RULES, VALIDATE_DEFAULTS },
    { FORMAT_NAMES, isFormatName, loadFormatter, namesFromRoot },
    { configIgnoreOf, displayName, expandInputs },
    { inputSource, screenInput },
    { writeOutput },
    { UsageError },
    { folderSettings },
    { runValidation, folderOf },
    { parseRuleFlags, RuleConfigError },
    { commandLogger },
    { openProgress },
    { packageVersion },
    { reportTargets, reportFilesOf },
    { checkPattern, IgnoreConfigError },
    { errorText },
    { workerThreadsFor },
    { openWorkerPool, runInChunks },
    { repositoryRoot, pathsFromRoot },
  ] = await Promise.all([
    import('../validate/rules.js'),
    import('../validate/formatters/index.js'),
    import('./inputs.js'),
    import('./read-inputs.js'),
    import('./outputs.js'),
    import('./usage-error.js'),
    import('../project/folder-settings.js'),
    import('../validate/run.js'),
    import('../contract/rule-config.js'),
    import('./command-logger.js'),
    import('./batch.js'),
    import('../util/version.js'),
    import('./report-targets.js'),
    import('../project/ignore.js'),
    import('./error-text.js'),
    import('./concurrency.js'),
    import('../util/worker-pool.js'),
    import('../project/repository-root.js'),
  ]);
  const { stdout, stderr, cwd, env } = terminal;
  const say = (message: string) => stderr.write(`wfe validate: ${message}\n`);
  const usage = (message: string) => {
    say(message);
    return 2;
  };

  if (flags.listRules) {
    const width = Math.max(...ALL_RULES.map((r) => r.id.length));
    for (const r of ALL_RULES)
      stdout.write(
        `${r.id.padEnd(width)}  ${(VALIDATE_DEFAULTS[r.id] ?? r.severity).padEnd(7)}  ${r.fixed ? '(fixed) ' : ''}${r.description}\n`,
      );
    return 0;
  }

  const inGitHub = env.GITHUB_ACTIONS === 'true';
  let targets;
  try {
    targets = reportTargets(reportFlags, inGitHub ? ['stylish', 'github'] : ['stylish'], { cwd });
  } catch (err) {
    return usage(errorMessage(err));
  }
  for (const t of targets)
    if (!isFormatName(t.format)) return usage(`unknown --format "${t.format}"; choose from ${FORMAT_NAMES.join(', ')}`);

  let flagRules;
  let ignorePatterns: string[];
  try {
    flagRules = parseRuleFlags(flags.rule ?? []);
    ignorePatterns = (flags.ignore ?? []).map((p) => checkPattern(p, '--ignore'));
  } catch (err) {
    return usage(errorMessage(err));
  }
  if (flags.watch && args.includes('-')) return usage('--watch cannot watch stdin (-); give files or folders');

  const newSettings = () => folderSettings(commandLogger(terminal, 'validate'), { config: flags.config, cwd, reportsNodeTypeErrors: true });
  // --watch reads them again when a wfe.config.yaml or a node type file changes.
  let settingsFor = newSettings();
  const ignore = { patterns: ignorePatterns, configIgnore: configIgnoreOf((dir) => settingsFor(dir), cwd) };
  const source = inputSource(terminal);
  const reportFiles = await reportFilesOf(targets, cwd);
  const expand = async (): Promise<Input[] | string> => {
    try {
      const found = await expandInputs(args, { extensions: ['.json'], cwd, ignore });
      // This run's own reports are not workflows: one found in a folder or by a glob (an earlier run's
      // report.json) is skipped; one named as an input would have the report written over it.
      const named = found.find((input) => input.path && reportFiles.has(input.path) && args.some((a) => resolve(cwd, a) === input.path));
      if (named) return `-o ${named.name} is also an input: the report would replace it; write the report elsewhere`;
      const inputs = found.filter((input) => !input.path || !reportFiles.has(input.path));
      return inputs.length > 0 ? inputs : `no *.json workflow files found in ${args.join(', ')}`;
    } catch (err) {
      if (err instanceof UsageError || err instanceof IgnoreConfigError) return err.message;
      throw err;
    }
  };
  // One name per file however it was typed (./x.json, .//x.json, ../here/x.json, /abs/here/x.json are x.json):
  // reports, SARIF URIs, Code Climate fingerprints and annotations must not change with the spelling. The
  // reports read from the repository root name it from there (emit).
  const nameOf = (input: { name: string; path?: string }) =>
    input.path ? cwdPath(input.path, cwd) : cwdPath(resolve(cwd, flags.stdinFilename), cwd);
  const openCache = async (): Promise<ValidationCache | undefined> => {
    if (!flags.cache) return undefined;
    const [{ openValidationCache }, { folderKey, runKey }, { cacheFile }] = await Promise.all([
      import('../validate/cache.js'),
      import('../validate/cache-key.js'),
      import('./cache-location.js'),
    ]);
    const strategy = flags.cacheStrategy ?? 'metadata';
    return openValidationCache({
      file: await cacheFile(flags.cacheLocation, cwd),
      strategy,
      runKey: runKey({ version: packageVersion, flagRules, strategy }),
      folderKey: async (folder) => folderKey(await settingsFor(folder), flagRules),
      warn: say,
    });
  };

  // Reads are synchronous and their promises settle at once, so a run of thousands of files was one turn of
  // the event loop: Ctrl-C and SIGTERM waited for its end, and a cancelled CI job then exited 0. The loop
  // gets a turn every 64 files or 20 ms, whichever comes first, where a signal stops the run (runProcess).
  let lastTurn = performance.now();
  let sinceTurn = 0;
  const turnOfTheLoop = async (): Promise<void> => {
    if (++sinceTurn < 64 && performance.now() - lastTurn < 20) return;
    await new Promise((resolve) => setImmediate(resolve));
    lastTurn = performance.now();
    sinceTurn = 0;
  };

  /**
   * Checks every input, each read and parsed once on its way to the checks (never all held at once).
   * `screenedBefore` (--watch) keeps what was read before: only changed files are read again.
   */
  const check = async (inputs: Input[], showProgress: boolean, screenedBefore?: Map<string, ScreenedInput>): Promise<Report> => {
    const progress = await openProgress('validate', showProgress ? inputs.length : 0, terminal);
    // An input that cannot be read, or that no check can safely take (an alias bomb, nesting beyond
    // MAX_JSON_DEPTH), is an error of its own file; the others are still checked.
    const read = async (input: Input): Promise<ScreenedInput> => {
      await turnOfTheLoop();
      const before = input.path ? screenedBefore?.get(input.path) : undefined;
      if (before && !before.ok) return before;
      const screened = await screenInput(input, nameOf(input), source, before?.value.text);
      if (input.path && screenedBefore)
        screenedBefore.set(input.path, screened.ok ? { ok: true, value: { text: screened.value.text } } : screened);
      return screened;
    };
    const cache = await openCache();
    const inputOf = new Map<SourceFile, Input>();
    const files = inputs.map((input) => {
      // Stdin is checked with the settings of the file it stands for (--stdin-filename), as that file would be.
      const standsFor = input.path ?? (flags.stdinFilename !== undefined ? resolve(cwd, flags.stdinFilename) : undefined);
      const file: SourceFile = { name: nameOf(input), folder: folderOf(standsFor, cwd), path: input.path, read: () => read(input) };
      inputOf.set(file, input);
      return file;
    });
    // Workers read the files themselves: not for stdin, nor for --watch, which keeps what it read.
    const threads = screenedBefore || inputs.some((input) => !input.path) ? 0 : workerThreadsFor(flags.concurrency, inputs.length);
    const pool = threads > 0 ? await openWorkerPool(new URL('./validate-worker.js', import.meta.url), threads) : undefined;
    const checkElsewhere: RemoteChecker | undefined =
      pool &&
      (async (elsewhere, checked) => {
        const task = (chunk: SourceFile[]): ValidateTask => ({
          inputs: chunk.map((file) => ({
            input: inputOf.get(file) ?? { name: file.name, relative: file.name },
            name: file.name,
            folder: file.folder,
          })),
          flagRules,
          config: flags.config,
          cwd,
        });
        const answers = runInChunks<SourceFile, FileCheck>(pool, elsewhere, threads, task);
        await Promise.all(answers.map((answer, k) => answer.then((check) => checked(k, check))));
      });
    let report;
    try {
      report = await runValidation({
        files,
        flagRules,
        settingsFor,
        onProgress: (_done, _total, file) => progress.tick(file),
        cache,
        checkElsewhere,
        nameOf: (path) => displayName(path, cwd),
      });
    } catch (err) {
      progress.finish([]);
      throw err;
    } finally {
      await pool?.close();
    }
    await cache?.save().catch((err: unknown) => say(`could not write the cache: ${errorText(err, { cwd })}`));
    progress.finish([
      ['files', report.files.length],
      ['errors', report.errorCount],
      ['warnings', report.warningCount + (tooManyWarnings(report) ? ` (more than --max-warnings ${flags.maxWarnings})` : '')],
      ['time', `${Math.round(report.durationMs)} ms`],
    ]);
    return report;
  };
  const tooManyWarnings = (report: Report) => flags.maxWarnings !== undefined && report.warningCount > flags.maxWarnings;

  const summaryFile = inGitHub && env.GITHUB_STEP_SUMMARY ? resolve(cwd, env.GITHUB_STEP_SUMMARY) : undefined;
  // Looked for only when a report reads paths from the root, and once: the working directory stays where it is.
  const fromRoot = summaryFile !== undefined || targets.some((t) => namesFromRoot(t.format));
  let root: Promise<string | undefined> | undefined;
  /** Each file's path from the repository root, for the reports that read paths from there. */
  const repositoryPaths = async (report: Report) => {
    const folder = fromRoot ? await (root ??= repositoryRoot(cwd, env)) : undefined;
    if (folder === undefined) return undefined;
    const names = report.files.flatMap((f) => [f.file, ...f.problems.map((p) => p.file)]);
    return pathsFromRoot(names, { cwd, root: folder });
  };
  /** Writes every report; returns the exit code. */
  const emit = async (report: Report): Promise<number> => {
    const failed = report.errorCount > 0 || tooManyWarnings(report);
    const repository = await repositoryPaths(report);
    const color = flags.color !== false && !env.NO_COLOR && (stdout.isTTY || Boolean(env.FORCE_COLOR));
    for (const { format, output } of targets) {
      const toFile = output !== undefined && output !== '-';
      if (!toFile && flags.quiet && !failed) continue;
      const text = (await loadFormatter(format))(report, {
        color: color && !toFile && format === 'stylish',
        version: packageVersion,
        timings: flags.timings === true,
        cwd,
        repository,
      });
      if (toFile) await writeOutput(output, text, { overwrite: true, cwd });
      else stdout.write(text);
    }
    if (summaryFile !== undefined) {
      const { githubSummary } = await import('../validate/formatters/github.js');
      await appendFile(
        summaryFile,
        githubSummary(report, { color: false, version: packageVersion, cwd, repository, maxWarnings: flags.maxWarnings }),
      );
    }
    if (tooManyWarnings(report))
      say(`${report.warningCount} warning${report.warningCount === 1 ? '' : 's'}, more than --max-warnings ${flags.maxWarnings}`);
    return failed ? 1 : 0;
  };

  const checkAndEmit = async (inputs: Input[], showProgress: boolean, screened?: Map<string, ScreenedInput>): Promise<number> => {
    try {
      return await emit(await check(inputs, showProgress, screened));
    } catch (err) {
      if (err instanceof RuleConfigError) return usage(err.message);
      throw err;
    }
  };

  const inputs = await expand();
  if (typeof inputs === 'string') return usage(inputs);
  if (!flags.watch) return checkAndEmit(inputs, !flags.quiet);

  // --watch: the first report, then one after each burst of changes. Only changed files are read again;
  // every file is checked again, since one file's change can affect another's (duplicate ids).
  const screened = new Map<string, ScreenedInput>();
  let lastCode = await checkAndEmit(inputs, false, screened);
  const { watch } = await import('chokidar');
  const { basename, join, sep } = await import('node:path');
  const { CONFIG_FILE, NODE_TYPES_DIR } = await import('../catalog/catalog.js');
  const { stat } = await import('node:fs/promises');
  // Folders, not files: a wfe.config.yaml or nodes/ created beside a file argument is seen too.
  const watched = new Set<string>();
  for (const arg of args) {
    const info = await stat(resolve(cwd, arg)).catch(() => undefined);
    watched.add(!info ? cwd : info.isDirectory() ? resolve(cwd, arg) : dirname(resolve(cwd, arg)));
  }
  for (const { path } of inputs) if (path && ![...watched].some((w) => path.startsWith(w))) watched.add(dirname(path));
  const watcher = watch([...watched], {
    ignoreInitial: true,
    ignored: (path: string) => basename(path).startsWith('.') || basename(path) === 'node_modules',
  });
  const explicitConfig = flags.config !== undefined ? resolve(cwd, flags.config) : undefined;
  const isSettingsFile = (path: string) =>
    basename(path) === CONFIG_FILE ||
    basename(path) === NODE_TYPES_DIR ||
    path === explicitConfig ||
    path.split(sep).slice(0, -1).includes(NODE_TYPES_DIR);
  /** The settings files that apply to the inputs (a wfe.config.yaml above a folder argument, --config): watched too. */
  const watchSettingsOf = async (checked: readonly Input[]) => {
    const folders = new Set(checked.map((input) => folderOf(input.path, cwd)));
    for (const folder of folders) {
      const settings = await settingsFor(folder).catch(() => undefined);
      const configFile = settings?.configFile && resolve(cwd, settings.configFile);
      if (!configFile) continue;
      // Only what no watched folder holds: chokidar watching a path twice (the folder, and a nodes/ inside it)
      // missed the events of a nodes/ created with its files at once.
      const outside = [configFile, join(dirname(configFile), NODE_TYPES_DIR)].filter(
        (path) => ![...watched].some((w) => path === w || path.startsWith(w + sep)),
      );
      for (const path of outside) watched.add(path);
      if (outside.length > 0) watcher.add(outside);
    }
  };
  await watchSettingsOf(inputs);
  let running: Promise<void> | undefined;
  let again = false;
  let settingsChanged = false;
  const changed = new Set<string>();
  const recheck = async (): Promise<void> => {
    const files = [...changed];
    changed.clear();
    for (const file of files) screened.delete(file);
    if (settingsChanged) {
      settingsChanged = false;
      settingsFor = newSettings();
    }
    const now = await expand();
    stderr.write(`\n${new Date().toLocaleTimeString()} changed: ${files.map((f) => displayName(f, cwd)).join(', ')}\n`);
    if (typeof now === 'string') {
      say(now);
      lastCode = 2;
      return;
    }
    try {
      lastCode = await checkAndEmit(now, false, screened);
      await watchSettingsOf(now);
    } catch (err) {
      say(errorText(err, { cwd }));
      lastCode = 2;
    }
  };
  // A burst of changes (a branch switch, an editor's save, a folder and its files made at once) is one re-check.
  const SETTLE_MS = 50;
  let settling: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    settling = undefined;
    if (running) return void (again = true);
    running = (async () => {
      do {
        again = false;
        await recheck();
      } while (again || changed.size > 0);
      running = undefined;
    })();
  };
  const schedule = (relative: string) => {
    const path = resolve(cwd, relative);
    // The run's own reports change because of it: no re-check for them.
    if (reportFiles.has(path)) return;
    if (isSettingsFile(path)) settingsChanged = true;
    else if (!path.endsWith('.json')) return;
    changed.add(path);
    if (settling) clearTimeout(settling);
    settling = setTimeout(start, SETTLE_MS);
  };
  watcher.on('all', (_event, path) => schedule(path));
  watcher.on('error', (err) => say(`watching: ${errorText(err, { cwd })}`));
  await new Promise<void>((ready) => watcher.once('ready', () => ready()));
  if (isCi(env)) say('--watch in CI keeps running until stopped');
  stderr.write(`Watching ${inputs.length} file${inputs.length === 1 ? '' : 's'} for changes (Ctrl-C to stop)\n`);
  // Ctrl-C ends the watch; the exit code is the last check's, as if it had run once. A second Ctrl-C while the
  // watcher closes ends the process at once.
  let closing = false;
  return new Promise<number>((done) =>
    terminal.onInterrupt((signal) => {
      if (closing) return terminal.exitNow(exitCodeFor(signal));
      closing = true;
      void watcher.close().then(() => done(lastCode));
    }),
  );
}
