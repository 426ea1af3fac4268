import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { runProcess } from './proc.ts';

/**
 * How the bench starts a JavaScript solver in a fresh process: the node arguments before
 * the solver's own (`sat FILE …` for ours, `FILE` for logic-solver).
 *
 * Ours runs through the engine's launcher, bin/percent.js, which runs the CLI bundle built
 * on install (with V8's code cache): what `percent` runs, so the bench times what a user
 * gets. When the launcher has no bundle (an older engine) the bench bundles the CLI once
 * per run with esbuild into one ES module, so each process starts in ~0.1 s instead of
 * ~0.35 s through tsx; if bundling fails too it falls back to the source through tsx.
 */
export interface CliLauncher {
  readonly args: readonly string[];
  readonly how: string;
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const cliMain = path.join(repoRoot, 'packages/engine/src/cli/main.ts');
const logicMain = fileURLToPath(new URL('./logic-solver-main.ts', import.meta.url));

/** The engine's launcher (what `percent` runs) and the bundles it may run, built on install. */
const ENGINE_BIN = path.join(repoRoot, 'packages/engine/bin/percent.js');
const ENGINE_BUNDLES = ['packages/engine/dist/percent.cjs', 'packages/engine/dist/percent.mjs'];

/** `node_modules/.bin/percent` at the repository root, as `pnpm install` links it. */
export const ROOT_BIN = path.join(repoRoot, 'node_modules/.bin/percent');

export async function cliLauncher(scratch: string): Promise<CliLauncher> {
  // The launcher rebuilds a missing or stale bundle before it runs: start it once, so the
  // bench times the current sources and no instance's run pays for a build.
  await runProcess(process.execPath, [ENGINE_BIN, '--help'], 120_000);
  const bundled = ENGINE_BUNDLES.some((file) => existsSync(path.join(repoRoot, file)));
  if (bundled) {
    return {
      args: [ENGINE_BIN],
      how: `the engine's launcher and CLI bundle (\`node ${path.relative(repoRoot, ENGINE_BIN)}\`, what \`percent\` runs)`,
    };
  }
  const outfile = path.join(scratch, 'percent-cli.mjs');
  try {
    await bundle(cliMain, outfile, 'esm');
    return { args: [outfile], how: 'the CLI bundled once with esbuild (no engine bundle found)' };
  } catch (error) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return {
      args: ['--import', tsx, cliMain],
      how: `the CLI source through tsx (bundling failed: ${firstLine(error)})`,
    };
  }
}

/**
 * logic-solver's process: bench/logic-solver-main.ts bundled with the library into one
 * CommonJS file (Emscripten's output calls `require` for Node built-ins), or the reason
 * bundling failed (the reference is then skipped).
 */
export async function logicSolverLauncher(scratch: string): Promise<CliLauncher | string> {
  const outfile = path.join(scratch, 'logic-solver.cjs');
  try {
    await bundle(logicMain, outfile, 'cjs');
    return { args: [outfile], how: 'bench/logic-solver-main.ts bundled with esbuild' };
  } catch (error) {
    return `bundling bench/logic-solver-main.ts failed: ${firstLine(error)}`;
  }
}

async function bundle(entry: string, outfile: string, format: 'esm' | 'cjs'): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format,
    target: `node${process.versions.node.split('.')[0]}`,
    logLevel: 'error',
    // commander is CommonJS and calls require() for Node built-ins.
    ...(format === 'esm'
      ? {
          banner: {
            js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
          },
        }
      : {}),
  });
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
