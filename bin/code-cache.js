// Loads a command bundle (CommonJS) with a V8 code cache made after a whole run, kept per user in the OS
// temp folder. Why not Node's own compile cache: Node 20 has none, and Node 22+'s keeps the code compiled
// while the module loads, not the functions the run compiled afterwards (a check compiles most of its code on
// first use): `wfe validate one.json` costs about 45 ms less CPU with this one on Node 20, 30 ms on Node 26.
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS file: require is how it loads */
const fs = require('node:fs');
// The CommonJS loader's own Module class, which node:module re-exports: requiring node:module would load that
// facade (and the ES module loader with it) on Node 20, where nothing else of this start needs it.
const Module = module.constructor;
const path = require('node:path');
const vm = require('node:vm');

/** What os.tmpdir() gives on a POSIX system (without loading node:os for it); Windows keeps os.tmpdir(). */
function tempFolder() {
  if (process.platform === 'win32') return require('node:os').tmpdir();
  const folder = process.env.TMPDIR || process.env.TMP || process.env.TEMP || '/tmp';
  return folder.length > 1 && folder.endsWith('/') ? folder.slice(0, -1) : folder;
}

/**
 * The cache folder, made private to this user; undefined (no cache, the plain require) when it cannot be, or
 * when it is not this user's alone: another user's cached code would run as ours.
 */
function privateFolder() {
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  const folder = path.join(tempFolder(), `wfe-code-cache-${uid ?? 'user'}`);
  try {
    fs.mkdirSync(folder, { mode: 0o700 });
  } catch (err) {
    if (err.code !== 'EEXIST') return undefined;
  }
  try {
    const stats = fs.lstatSync(folder);
    const ours = uid === undefined || stats.uid === uid;
    return stats.isDirectory() && ours && (stats.mode & 0o077) === 0 ? folder : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How many runs make a bundle's cache: each writes what the runs before it compiled and what it compiled
 * itself. One run alone is a poor sample when it is a `--help` or a usage error: the first run after a build
 * (from a test, say) once left `validate one.json` 18 ms slower than a cache made by a check.
 */
const GENERATIONS = 4;

/**
 * `require(file)`, compiled from the cache when one was made for this very file: V8 checks its own version
 * and flags, and the cache's name carries the file's size and modification time and the Node version, since V8
 * compares only the source's length. A cache still growing is named `<name>.<generation>.bin`; a whole one
 * `<name>.bin`, which is then used as it is.
 */
function requireCached(file) {
  // With source maps on, Node maps only what it compiled itself; a NODE_DISABLE_COMPILE_CACHE turns this off too.
  const folder = process.sourceMapsEnabled || process.env.NODE_DISABLE_COMPILE_CACHE ? undefined : privateFolder();
  if (!folder) return require(file);
  const source = fs.readFileSync(file, 'utf8');
  const stats = fs.statSync(file);
  // The install the bundle belongs to (its folder) is part of the name: two installs (a checkout and a global
  // one) each keep their own cache instead of removing each other's on every run.
  const base = path.join(
    folder,
    `${path.basename(file)}-${hashOf(path.dirname(file))}-${stats.size}-${Math.trunc(stats.mtimeMs)}-${process.version}-${process.arch}`,
  );
  let generation = GENERATIONS;
  let cachedData = readIfThere(`${base}.bin`);
  while (cachedData === undefined && --generation > 0) cachedData = readIfThere(`${base}.${generation}.bin`);
  const script = new vm.Script(Module.wrap(source), {
    filename: file,
    cachedData,
  });
  if (script.cachedDataRejected) generation = 0;
  if (generation < GENERATIONS) process.once('exit', () => keep(script, base, generation + 1));
  const loaded = new Module(file, module);
  loaded.filename = file;
  loaded.paths = Module._nodeModulePaths(path.dirname(file));
  require.cache[file] = loaded;
  // A script compiled from a cache cannot import() on Node 20: the bundle imports through this (scripts/bundle.mjs).
  globalThis[Symbol.for('wfe.import')] ??= (url) => import(url);
  script.runInThisContext().call(loaded.exports, loaded.exports, Module.createRequire(file), loaded, file, path.dirname(file));
  loaded.loaded = true;
  return loaded.exports;
}

function readIfThere(file) {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Writes the code compiled by the end of this run as the given generation of the cache, whole or not at all
 * (temp file, then rename), and removes the earlier generations and the caches of earlier builds of the same
 * file for this Node, so that neither growing nor rebuilding fills the folder.
 */
function keep(script, base, generation) {
  const cacheFile = generation === GENERATIONS ? `${base}.bin` : `${base}.${generation}.bin`;
  const temp = `${cacheFile}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temp, script.createCachedData(), { mode: 0o600 });
    fs.renameSync(temp, cacheFile);
  } catch {
    fs.rmSync(temp, { force: true });
    return;
  }
  const folder = path.dirname(cacheFile);
  const [name, install] = path.basename(cacheFile).split('-');
  const sameNode = `-${process.version}-${process.arch}.`;
  for (const other of fs.readdirSync(folder))
    if (other.startsWith(`${name}-${install}-`) && other.includes(sameNode) && other.endsWith('.bin') && other !== path.basename(cacheFile))
      fs.rmSync(path.join(folder, other), { force: true });
}

/** FNV-1a of a path, in hex: short, stable, and without loading node:crypto at start. */
function hashOf(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

module.exports = { requireCached };
