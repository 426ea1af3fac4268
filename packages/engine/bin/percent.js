#!/usr/bin/env node
// Starts the `percent` CLI from its bundle, dist/percent.mjs, which `pnpm install` builds
// (the engine's `prepare` script runs scripts/build-cli.mjs). No tsx at run time.
//
// When the bundle is missing or older than a source file (src/, the build script,
// package.json), it is rebuilt first with esbuild (~0.3 s, said on stderr), so an edit
// never runs stale code. Where esbuild is not installed, a missing bundle is an error that
// says how to build it, and a stale one runs with a warning.
import { readdirSync, statSync } from 'node:fs';

const bundle = new URL('../dist/percent.mjs', import.meta.url);
const sources = [
  new URL('../src/', import.meta.url),
  new URL('../scripts/build-cli.mjs', import.meta.url),
  new URL('../package.json', import.meta.url),
];

/** Modification time in ms, or -1 when the path does not exist. */
function mtime(url) {
  return statSync(url, { throwIfNoEntry: false })?.mtimeMs ?? -1;
}

/** True when some source file was changed after the bundle was written. */
function newerThan(built) {
  for (const source of sources) {
    if (!source.pathname.endsWith('/')) {
      if (mtime(source) > built) return true;
      continue;
    }
    for (const name of readdirSync(source, { recursive: true })) {
      if (mtime(new URL(name, source)) > built) return true;
    }
  }
  return false;
}

const built = mtime(bundle);
if (built < 0 || newerThan(built)) {
  const what = built < 0 ? 'is not built yet' : 'is older than its sources';
  try {
    const { buildCli } = await import('../scripts/build-cli.mjs');
    process.stderr.write(`percent: the CLI bundle ${what}: building it…\n`);
    await buildCli();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    process.stderr.write(
      `percent: the CLI bundle ${what} and could not be built (${reason}).\n` +
        'percent: build it with `pnpm --filter @percent/engine build:cli` (or `pnpm install`).\n',
    );
    if (built < 0) process.exit(1);
  }
}
await import(bundle.href);
