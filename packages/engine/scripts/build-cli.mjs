// Builds the `percent` CLI into dist/ with esbuild: dist/percent.cjs (the command line) and
// dist/sat-worker.mjs (the worker thread of `percent sat DIR/`), each one self-contained file.
// Plain JavaScript, so it runs without tsx: `pnpm install` runs it (the engine's `prepare`
// script), bin/percent.js runs it when the bundle is missing or older than the sources, and
// by hand:
//
//     pnpm --filter @percent/engine build:cli
//
// The CLI is a CommonJS script so that bin/percent.js can start it from V8's code cache
// (vm.Script cachedData; ES modules have no such door in Node 20): ~14 ms less CPU per start.
// `node dist/percent.cjs …` runs it too, without the cache. No code splitting: the commands'
// `import()`s stay in the one file as lazily initialised modules, so `percent sat` never runs
// the sudoku engine's set-up, and one file starts faster than the dozens of chunks splitting
// makes. The files are written into a temporary folder and renamed into dist/ (the CLI last),
// so a `percent` starting during a rebuild loads either the old or the new bundle.
import { mkdir, readdir, rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const distDir = path.join(root, 'dist');
/** The command line's bundle, as bin/percent.js loads it. */
export const cliBundle = path.join(distDir, 'percent.cjs');
/**
 * The files the bundles were built from (relative to the package, one per line): bin/percent.js
 * rebuilds when one of them is newer than the bundle or gone.
 */
export const cliInputs = path.join(distDir, 'inputs.txt');
/** V8's code caches of the bundle, `percent.cjs.<size>-<mtime>.cache`, written by bin/percent.js. */
const CODE_CACHE = /^percent\.cjs\..*\.cache$/;

/**
 * Commander requires `node:child_process` when it loads, for executable subcommands (a
 * `percent-sat` binary on the PATH), which Percent never declares; loading it (and the net,
 * dgram and stream modules behind it) costs ~2 ms of every start. Commander gets a stand-in
 * that loads the real module on first use instead.
 */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(build) {
    build.onResolve({ filter: /^node:child_process$/ }, (args) =>
      args.importer.includes('/commander/') ? { path: 'child_process', namespace: 'lazy' } : null,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy' }, () => ({
      contents:
        "let real;\nmodule.exports = new Proxy({}, { get: (_, key) => (real ??= require('node:child_process'))[key] });\n",
      loader: 'js',
    }));
  },
};

/** What both bundles share. */
const COMMON = {
  plugins: [lazyChildProcess],
  bundle: true,
  platform: 'node',
  target: 'node20',
  // piscina starts each worker from its own dist/worker.js, found next to its index.js,
  // so it must be loaded from node_modules rather than copied into the bundle.
  external: ['piscina'],
  legalComments: 'none',
  // Whitespace and syntax, not names: a start reads and checks 270 KB of source instead of
  // 440 KB (1.6 ms less, median of 40 alternating one-clause runs), and a stack still names
  // its functions.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'error',
  metafile: true,
};

/** The files to build: name in dist/ → options. */
const OUTPUTS = {
  'sat-worker.mjs': {
    entryPoints: ['src/cli/sat/folder-worker.ts'],
    format: 'esm',
  },
  'percent.cjs': {
    entryPoints: ['src/cli/main.ts'],
    format: 'cjs',
    // folder mode finds the worker beside the bundle through import.meta.url. The banner
    // states "use strict" itself: the directive only counts as the file's first statement.
    define: { 'import.meta.url': '__percentBundleUrl' },
    banner: {
      js: "'use strict';\nvar __percentBundleUrl = require('node:url').pathToFileURL(__filename).href;",
    },
  },
};

/**
 * Bundles the CLI into dist/ and returns the paths written. Throws with esbuild's messages
 * when the sources do not compile (esbuild checks syntax, not types: `pnpm typecheck` does).
 */
export async function buildCli() {
  const { build } = await import('esbuild');
  // The bundle is dated when its sources were read, not when it was written, so a source
  // saved during the build is newer than the bundle and the next start rebuilds.
  const startedAt = new Date();
  await mkdir(distDir, { recursive: true });
  const staging = path.join(distDir, `.build-${process.pid}-${Date.now()}`);
  try {
    const names = Object.keys(OUTPUTS);
    const results = await Promise.all(
      names.map((name) =>
        build({
          ...COMMON,
          ...OUTPUTS[name],
          absWorkingDir: root,
          outfile: path.join(staging, name),
        }),
      ),
    );
    const inputs = new Set(['package.json', 'scripts/build-cli.mjs']);
    for (const { metafile } of results) {
      for (const input of Object.keys(metafile.inputs)) {
        // Not dependencies, nor the stand-ins above (`lazy:…`, no file of their own).
        if (!input.includes('node_modules/') && !input.startsWith('lazy:')) inputs.add(input);
      }
    }
    await writeFile(path.join(staging, 'inputs.txt'), [...inputs].join('\n') + '\n');
    // The bundle last: its date is what the launcher compares the inputs with.
    for (const name of ['inputs.txt', ...names]) {
      await rename(path.join(staging, name), path.join(distDir, name));
    }
    await utimes(cliBundle, startedAt, startedAt);
    for (const name of await readdir(distDir)) {
      if (CODE_CACHE.test(name)) await rm(path.join(distDir, name), { force: true });
    }
    return names.map((name) => path.join(distDir, name));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Run as a script: build, say where in one line. */
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  if (
    !(await import('esbuild').then(
      () => true,
      () => false,
    ))
  ) {
    // An install without dev dependencies (`pnpm install --prod`) must not fail here.
    console.log('percent CLI: esbuild is not installed, so the CLI bundle was not built');
    process.exit(0);
  }
  const written = await buildCli();
  const ms = Math.round(performance.now() - started);
  const where = path.relative(process.cwd(), distDir) || '.';
  console.log(`percent CLI: built ${where}/ (${written.length} files, ${ms} ms)`);
}
