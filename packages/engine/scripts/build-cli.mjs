// Builds the `percent` CLI into dist/ with esbuild: dist/percent.mjs (the command line) and
// dist/sat-worker.mjs (the worker thread of `percent sat DIR/`), each one self-contained file.
// Plain JavaScript, so it runs without tsx: `pnpm install` runs it (the engine's `prepare`
// script), bin/percent.js runs it when the bundle is missing or older than the sources, and
// by hand:
//
//     pnpm --filter @percent/engine build:cli
//
// No code splitting: the commands' `import()`s stay in the one file as lazily initialised
// modules, so `percent sat` never runs the sudoku engine's set-up, and one file starts faster
// than the dozens of chunks splitting makes (measured: 113 vs 118 ms per `percent sat`).
// The files are written into a temporary folder and renamed into dist/ (the worker first), so
// a `percent` starting during a rebuild loads either the old or the new bundle.
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const distDir = path.join(root, 'dist');

/** The entry points: output name (without .mjs) → source. */
const ENTRIES = {
  percent: 'src/cli/main.ts',
  'sat-worker': 'src/cli/sat/folder-worker.ts',
};

/**
 * Bundles the CLI into dist/ and returns the paths written. Throws with esbuild's messages
 * when the sources do not compile (esbuild checks syntax, not types: `pnpm typecheck` does).
 */
export async function buildCli() {
  const { build } = await import('esbuild');
  await mkdir(distDir, { recursive: true });
  const staging = path.join(distDir, `.build-${process.pid}-${Date.now()}`);
  try {
    const result = await build({
      absWorkingDir: root,
      entryPoints: Object.entries(ENTRIES).map(([out, input]) => ({ in: input, out })),
      outdir: staging,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      // piscina starts each worker from its own dist/worker.js, found next to its index.js,
      // so it must be loaded from node_modules rather than copied into the bundle.
      external: ['piscina'],
      legalComments: 'none',
      logLevel: 'error',
      // commander is CommonJS and calls require() for Node built-ins; an ES module has none.
      banner: {
        js: "import { createRequire as __percentRequire } from 'node:module'; const require = __percentRequire(import.meta.url);",
      },
    });
    if (result.errors.length > 0) throw new Error('esbuild reported errors');
    return await publish(staging);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Moves the staged files into dist/, the CLI's entry last (the launcher checks its date). */
async function publish(staging) {
  const names = Object.keys(ENTRIES)
    .reverse()
    .map((name) => `${name}.mjs`);
  for (const name of names) await rename(path.join(staging, name), path.join(distDir, name));
  return names.map((name) => path.join(distDir, name));
}

/** Run as a script: build, say where in one line. */
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const written = await buildCli();
  const ms = Math.round(performance.now() - started);
  console.log(
    `percent CLI: built ${path.relative(process.cwd(), distDir) || '.'}/ (${written.length} files, ${ms} ms)`,
  );
}
