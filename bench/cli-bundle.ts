import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * How the bench starts `percent`: the node arguments before `sat FILE …`.
 *
 * The CLI is bundled once per bench run with esbuild (the same compiler tsx uses) into one
 * ES module, so each instance's process starts in ~0.1 s instead of ~0.35 s through tsx;
 * over thousands of instances that is the difference between minutes and half an hour of
 * start-up. Solve times are measured inside the process either way. If bundling fails the
 * bench falls back to running the source through tsx.
 */
export interface CliLauncher {
  readonly args: readonly string[];
  readonly how: string;
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const cliMain = path.join(repoRoot, 'packages/engine/src/cli/main.ts');

export async function cliLauncher(scratch: string): Promise<CliLauncher> {
  const outfile = path.join(scratch, 'percent-cli.mjs');
  try {
    await build({
      entryPoints: [cliMain],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node.split('.')[0]}`,
      logLevel: 'error',
      // commander is CommonJS and calls require() for Node built-ins.
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
    });
    return { args: [outfile], how: 'the CLI bundled once with esbuild' };
  } catch (error) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return {
      args: ['--import', tsx, cliMain],
      how: `the CLI source through tsx (bundling failed: ${reason})`,
    };
  }
}
