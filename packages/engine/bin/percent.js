#!/usr/bin/env node
// Starts the `percent` CLI from its bundle, dist/percent.cjs, which `pnpm install` builds
// (the engine's `prepare` script runs scripts/build-cli.mjs). No tsx at run time.
//
// When the bundle is missing or older than a file it was built from (its sources, the build
// script, package.json), it is rebuilt first with esbuild (~0.2 s, said on stderr), so an edit
// never runs stale code; a build that fails exits 1. Where esbuild is not installed, a missing
// bundle is an error that says how to build it, and a stale one runs with a warning.
//
// The bundle is compiled through vm.Script with V8's code cache (dist/percent.cjs.<size>-
// <mtime>.cache, written after the first run of each build), which saves ~14 ms of CPU per
// start. Naming the cache after the bundle's size and date means a rebuilt bundle never
// meets an old cache; V8 itself refuses a cache from another Node version.
//
// CommonJS (bin/package.json says so), not an ES module: Node starts a CommonJS entry ~5 ms
// sooner, and every `percent` run pays for its start.
'use strict';
const { readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');
const vm = require('node:vm');

const engine = path.join(__dirname, '..');
const bundle = path.join(engine, 'dist', 'percent.cjs');

/** Modification time in ms, or -1 when the path does not exist. */
function mtime(file) {
  return statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1;
}

/**
 * True when a file the bundle was built from (dist/inputs.txt, written by the build) was
 * changed after `built` (ms) or is gone. About 1 ms for its ~110 files: the paths are joined
 * by hand, as `path.join` on a cold start cost 2 ms more.
 */
function inputsNewerThan(built) {
  let inputs;
  try {
    inputs = readFileSync(path.join(engine, 'dist', 'inputs.txt'), 'utf8').split('\n');
  } catch {
    return true;
  }
  const base = engine + path.sep;
  return inputs.some((input) => {
    const changed = input === '' ? 0 : mtime(base + input);
    return changed < 0 || changed > built;
  });
}

/**
 * Builds the bundle when missing or stale. A failed build exits 1 (never runs the old code as
 * if nothing were wrong); without esbuild (a production install) a stale bundle runs with a
 * warning and a missing one is an error that says how to build it.
 */
async function ensureBundle() {
  const built = mtime(bundle);
  if (built >= 0 && !inputsNewerThan(built)) return;
  const what = built < 0 ? 'is not built yet' : 'is older than its sources';
  const howTo = 'build it with `pnpm --filter @percent/engine build:cli` (or `pnpm install`)';
  const esbuild = await import('esbuild').then(
    () => true,
    () => false,
  );
  if (!esbuild) {
    process.stderr.write(
      `percent: the CLI bundle ${what} and esbuild is not installed: ${howTo}.\n`,
    );
    if (built < 0) process.exit(1);
    process.stderr.write('percent: running the bundle built before the change.\n');
    return;
  }
  process.stderr.write(`percent: the CLI bundle ${what}: building it…\n`);
  try {
    const { buildCli } = await import('../scripts/build-cli.mjs');
    await buildCli();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    process.stderr.write(`percent: the build failed (${reason}); fix the sources and run again.\n`);
    process.exit(1);
  }
}

/** Runs the bundle as Node runs a CommonJS file, compiled with the code cache when there is one. */
function runBundle() {
  const { size, mtimeMs } = statSync(bundle);
  const cacheFile = `${bundle}.${size}-${Math.trunc(mtimeMs)}.cache`;
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const source = readFileSync(bundle, 'utf8');
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname) {${source}\n})`,
    {
      filename: bundle,
      cachedData,
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    },
  );
  // At exit the cache also holds every function this run compiled, not just the top level.
  if (cachedData === undefined || script.cachedDataRejected) {
    process.once('exit', () => saveCache(script, cacheFile));
  }
  const module = { exports: {} };
  const run = script.runInThisContext();
  run(module.exports, createRequire(bundle), module, bundle, path.dirname(bundle));
}

/** Writes the cache atomically; a read-only install simply goes without. */
function saveCache(script, cacheFile) {
  const temp = `${cacheFile}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, script.createCachedData());
    renameSync(temp, cacheFile);
  } catch {
    // No cache: the next start compiles from source, as `node dist/percent.cjs` always does.
    rmSync(temp, { force: true });
  }
}

ensureBundle().then(runBundle, (error) => {
  process.stderr.write(`percent: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
