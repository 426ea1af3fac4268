/**
 * A real server and Debian Chromium for the browser benchmarks (key-to-paint latency,
 * first-load bytes): the client is built when `packages/client/dist` is missing or older than
 * its sources (sharing the e2e tests' build lock, so a concurrent test run never sees a
 * half-written dist), a server on an ephemeral port serves it from an in-memory store, and
 * Chromium is launched headless.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RunningServer } from '@percent/server/src/main.ts';
import { chromium, type Browser } from 'playwright-core';
import { runProcess } from './proc.ts';

export const CHROMIUM = '/usr/bin/chromium';

export interface BrowserBench {
  readonly server: RunningServer;
  /** A headless Chromium with these extra flags; closed with the bench. */
  launch(extraArgs?: readonly string[]): Promise<Browser>;
}

function newestMtime(file: string): number {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(file))
    newest = Math.max(newest, newestMtime(path.join(file, entry)));
  return newest;
}

function isStale(repoRoot: string): boolean {
  const index = path.join(repoRoot, 'packages/client/dist/index.html');
  const sources = [
    'packages/client/src',
    'packages/client/index.html',
    'packages/client/vite.config.ts',
  ]
    .concat(['packages/protocol/src', 'packages/engine/src'])
    .map((p) => path.join(repoRoot, p))
    .filter(existsSync);
  return !existsSync(index) || statSync(index).mtimeMs < Math.max(...sources.map(newestMtime));
}

/**
 * Builds the client when stale, under `test/artifacts/.client-build.lock` (the e2e harness's
 * lock). Returns an error text when the build fails, else undefined.
 */
export async function ensureFreshClient(repoRoot: string): Promise<string | undefined> {
  const lock = path.join(repoRoot, 'test/artifacts/.client-build.lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  while (isStale(repoRoot)) {
    try {
      mkdirSync(lock);
    } catch {
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 180_000)
        rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      if (!isStale(repoRoot)) break;
      const args = ['--dir', repoRoot, '--filter', '@percent/client', 'build'];
      const run = await runProcess('pnpm', args, 300_000);
      if (run.code !== 0) {
        const tail = (run.stderr || run.stdout).trim().split('\n').slice(-3).join(' / ');
        return `\`pnpm --filter @percent/client build\` failed (${run.killed ? 'killed after 300 s' : `exit ${run.code}`}: ${tail})`;
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return undefined;
}

/**
 * Runs `body` with a fresh server and browser, closing both afterwards. Undefined (and a
 * reason through `skip`) when Chromium is missing or the client cannot be built. `clientDir`:
 * serve that build instead of the repo's (e.g. an older version, to compare).
 */
export async function withBrowserBench<T>(
  repoRoot: string,
  skip: (reason: string) => void,
  body: (bench: BrowserBench) => Promise<T>,
  clientDir?: string,
): Promise<T | undefined> {
  if (!existsSync(CHROMIUM)) return void skip(`skipped: ${CHROMIUM} is missing`);
  const failed = clientDir === undefined ? await ensureFreshClient(repoRoot) : undefined;
  if (failed !== undefined) return void skip(`skipped: ${failed}`);
  // The server logs every room and race on stdout; the bench's output is its report.
  process.env.LOG_LEVEL ??= 'silent';
  const { startServer } = await import('@percent/server/src/main.ts');
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    memory: true,
    clientDir: clientDir ?? path.join(repoRoot, 'packages/client/dist'),
    pool: { perKind: 2, threads: 1, kinds: [{ variant: 'percent', difficulty: 'easy' }] },
    timings: { countdownMs: 500, graceMs: 30_000 },
    // The bench types far faster than people: the socket's rate limit must not refuse it.
    rateLimit: { burst: 1000, perSecond: 500, tooMany: 5000 },
  });
  const browsers: Browser[] = [];
  const launch = async (extraArgs: readonly string[] = []) => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
      ].concat(extraArgs),
    });
    browsers.push(browser);
    return browser;
  };
  try {
    return await body({ server, launch });
  } finally {
    for (const browser of browsers) await browser.close();
    await server.close();
  }
}
