/**
 * Runs `percent` the way an installed user does: node on the committed launcher,
 * packages/engine/bin/percent.js (what node_modules/.bin/percent and a `pnpm link --global`
 * point at), which starts the esbuild bundle packages/engine/dist/percent.cjs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { CliRun } from './cli-harness.ts';
import { repoRoot } from './cli-harness.ts';

export const launcher = path.join(repoRoot, 'packages/engine/bin/percent.js');

/** Starts `node bin …args` in `cwd`; `onStdout` sees each chunk as it arrives. */
export function startBin(
  args: readonly string[],
  options: {
    bin?: string;
    cwd?: string;
    onStdout?: (chunk: string, child: ChildProcess) => void;
  } = {},
): Promise<CliRun> {
  const child = spawn(process.execPath, [options.bin ?? launcher, ...args], {
    cwd: options.cwd ?? repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    options.onStdout?.(chunk, child);
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** `percent …args` through the launcher, from the repository root. */
export function percentBin(...args: string[]): Promise<CliRun> {
  return startBin(args);
}

/**
 * Starts the launcher once so that a stale bundle (sources edited since the last build) is
 * rebuilt before a test looks at stderr, where the launcher says it is rebuilding.
 */
export async function freshBundle(): Promise<void> {
  const run = await startBin(['--help']);
  if (run.code !== 0) throw new Error(`percent --help failed:\n${run.stderr}`);
}
