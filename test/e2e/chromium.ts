/**
 * Debian Chromium and the built client, for whatever drives a real browser: the e2e harness
 * and the browser benchmarks (bench/browser.ts) both use this, so neither depends on the
 * other's test runner. The client is rebuilt when `packages/client/dist` is missing or older
 * than its sources; concurrent runs (parallel test files, a bench next to the tests) share
 * one build through a lock directory, so none ever sees a half-written dist.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Flags every headless run gets: no sandbox in containers, no background traffic. */
const BASE_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update'];

/** A headless Chromium with the base flags and `extraArgs`. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...BASE_ARGS, ...extraArgs] });
}

/** What the client build reads; a change to any of these makes the dist stale. */
const SOURCES = [
  'packages/client/src',
  'packages/client/index.html',
  'packages/client/vite.config.ts',
  'packages/protocol/src',
  'packages/engine/src',
];
/** A lock older than the longest build is a crashed run's. */
const STALE_LOCK_MS = 180_000;
const BUILD_TIMEOUT_MS = 300_000;

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function isStale(root: string): boolean {
  const index = join(root, 'packages/client/dist/index.html');
  const sources = SOURCES.map((p) => join(root, p)).filter(existsSync);
  return !existsSync(index) || statSync(index).mtimeMs < Math.max(...sources.map(newestMtime));
}

/**
 * Builds the client in the repo at `root` when its dist is stale, one builder at a time
 * (`test/artifacts/.client-build.lock`). Returns the failed build's output, else undefined.
 */
export async function buildClientIfStale(root: string): Promise<string | undefined> {
  const lock = join(root, 'test/artifacts/.client-build.lock');
  mkdirSync(join(root, 'test/artifacts'), { recursive: true });
  while (isStale(root)) {
    try {
      mkdirSync(lock);
    } catch {
      // Another run is building.
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS)
        rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      if (isStale(root)) {
        const failed = await buildClient(root);
        if (failed !== undefined) return failed;
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return undefined;
}

/** `pnpm --filter @percent/client build`; the output when it fails or times out. */
async function buildClient(root: string): Promise<string | undefined> {
  const args = ['--dir', root, '--filter', '@percent/client', 'build'];
  try {
    await promisify(execFile)('pnpm', args, { cwd: root, timeout: BUILD_TIMEOUT_MS });
    return undefined;
  } catch (error) {
    const { stdout, stderr, killed } = error as {
      stdout?: string;
      stderr?: string;
      killed?: boolean;
    };
    const output = `${stdout ?? ''}${stderr ?? ''}`;
    return killed ? `killed after ${BUILD_TIMEOUT_MS / 1000} s\n${output}` : output;
  }
}
