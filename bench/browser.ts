/**
 * A real server and Debian Chromium for the browser benchmarks (key-to-paint latency,
 * first-load bytes): the client is built when stale and Chromium launched headless by
 * test/e2e/chromium.ts (shared with the e2e tests, and their build lock, so a concurrent test
 * run never sees a half-written dist); a server on an ephemeral port serves the client from an
 * in-memory store.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RunningServer } from '@percent/server/src/main.ts';
import type { Browser } from 'playwright-core';
import { buildClientIfStale, CHROMIUM, launchChromium } from '../test/e2e/chromium.ts';

export interface BrowserBench {
  readonly server: RunningServer;
  /** A headless Chromium with these extra flags; closed with the bench. */
  launch(extraArgs?: readonly string[]): Promise<Browser>;
}

/** Builds the client when stale (see chromium.ts); an error text when the build fails. */
async function ensureFreshClient(repoRoot: string): Promise<string | undefined> {
  const failed = await buildClientIfStale(repoRoot);
  if (failed === undefined) return undefined;
  const tail = failed.trim().split('\n').slice(-3).join(' / ');
  return `\`pnpm --filter @percent/client build\` failed (${tail})`;
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
    const browser = await launchChromium(extraArgs);
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
