/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * End-to-end harness: Debian Chromium driven by playwright-core against a real server on an
 * ephemeral port (in-memory store) serving the built client. The client is built first when
 * `packages/client/dist` is missing or older than the sources it is made from; parallel test
 * files share one build through a lock directory.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatGrid, getVariant, SudokuSolver, type VariantIdName } from '@percent/engine';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer } from '../../packages/server/src/main.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
export const skipReason = `end-to-end tests skipped: ${CHROMIUM} is missing (apt-get install -y chromium; .ci/run does it)`;
if (!hasChromium) console.warn(skipReason);

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLIENT = join(ROOT, 'packages/client');
const DIST_INDEX = join(CLIENT, 'dist/index.html');
const SOURCES = [
  join(CLIENT, 'src'),
  join(CLIENT, 'index.html'),
  join(CLIENT, 'vite.config.ts'),
  join(ROOT, 'packages/protocol/src'),
  join(ROOT, 'packages/engine/src'),
];
export const SCREENSHOTS = join(ROOT, 'test/artifacts/screenshots');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const isStale = (): boolean =>
  !existsSync(DIST_INDEX) ||
  statSync(DIST_INDEX).mtimeMs < Math.max(...SOURCES.filter(existsSync).map(newestMtime));

/** Builds the client when its dist is missing or stale; one builder at a time. */
export async function ensureClientBuilt(): Promise<void> {
  const lock = join(ROOT, 'test/artifacts/.client-build.lock');
  mkdirSync(join(ROOT, 'test/artifacts'), { recursive: true });
  while (isStale()) {
    try {
      mkdirSync(lock);
    } catch {
      // Another test file is building; a lock older than the longest build is a crashed run's.
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 180_000)
        rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      if (isStale()) buildClient();
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

function buildClient(): void {
  try {
    execFileSync('pnpm', ['--filter', '@percent/client', 'build'], { cwd: ROOT, stdio: 'pipe' });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`the client build failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

/** A real server: in-memory store, small puzzle pool, a visible countdown, a long grace period. */
export function startE2eServer(): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    memory: true,
    clientDir: join(CLIENT, 'dist'),
    pool: { perKind: 3, threads: 1, kinds: [{ variant: 'percent', difficulty: 'easy' }] },
    timings: { countdownMs: 1500, graceMs: 30_000 },
    // Browsers type fast: the e2e players fill a board in a few seconds.
    rateLimit: { burst: 200, perSecond: 100, tooMany: 1000 },
  });
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
}

/** The built client served by a real server, and a browser, shared by one file's tests. */
export interface E2eSession {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A page in a context of its own (desktop-sized unless `options` say otherwise). */
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

/**
 * Registers the hooks that start the session before the enclosing suite's tests and close it,
 * with every context `newPage` opened, after them. Call it inside a `describe`.
 */
export function useE2eSession(): E2eSession {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    await ensureClientBuilt();
    server = await startE2eServer();
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the e2e session is used before its beforeAll ran');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
    async newPage(options = { viewport: { width: 1280, height: 900 } }) {
      const context = await started(browser).newContext(options);
      contexts.push(context);
      return context.newPage();
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** The givens as drawn on the page's first board ('0' for a blank), read from its cells. */
export async function readGivens(page: Page, scope = '[data-testid="race"]'): Promise<string> {
  return page.evaluate((root) => {
    const cells = document.querySelectorAll(`${root} [data-cell]`);
    const digits = new Array<string>(81).fill('0');
    for (const cell of cells) {
      const index = Number(cell.getAttribute('data-cell'));
      const given = cell.querySelector('text.given');
      if (given && index >= 0 && index < 81) digits[index] = given.textContent?.trim() ?? '0';
    }
    return digits.join('');
  }, scope);
}

/** What a player could work out from the givens: the unique solution, by the engine. */
export function solve(givens: string, variant: VariantIdName = 'percent'): string {
  const grid = Uint8Array.from(givens, (ch) => Number(ch));
  const answer = new SudokuSolver(getVariant(variant)).solve(grid);
  if (answer.status !== 'solved') throw new Error(`givens not solvable: ${answer.status}`);
  return formatGrid(answer.solution, '0');
}

export const blanksOf = (givens: string): number[] =>
  [...givens].flatMap((ch, cell) => (ch === '0' ? [cell] : []));

/** Selects a cell by clicking it and types a digit on the keyboard. */
export async function typeDigit(
  page: Page,
  cell: number,
  digit: number,
  scope = '[data-testid="race"]',
): Promise<void> {
  await page.locator(`${scope} [data-cell="${cell}"]`).click();
  await page.keyboard.press(String(digit));
}

/** Selects a cell by tapping it and taps the on-screen pad's digit. */
export async function tapDigit(page: Page, cell: number, digit: number): Promise<void> {
  await page.locator(`[data-testid="race"] [data-cell="${cell}"]`).tap();
  await page.locator(`.pad [data-digit="${digit}"]`).tap();
}

/** Creates a room from the home page as `nickname`; returns the room code. */
export async function createRoom(page: Page, baseUrl: string, nickname: string): Promise<string> {
  await page.goto(`${baseUrl}/`);
  await page.locator('input[name="nickname"]').fill(nickname);
  await page.getByTestId('create-room').click();
  await page.getByTestId('lobby').waitFor();
  const code = (await page.getByTestId('room-code').first().textContent())?.trim() ?? '';
  if (!/^[A-Z]{5}$/.test(code)) throw new Error(`no room code on the lobby page: "${code}"`);
  return code;
}

/** Opens the join link and takes a seat as `nickname`. */
export async function joinRoom(
  page: Page,
  baseUrl: string,
  code: string,
  nickname: string,
): Promise<void> {
  await page.goto(`${baseUrl}/r/${code}`);
  await page.locator('input[name="nickname"]').fill(nickname);
  await page.getByTestId('join-room').click();
  await page.getByTestId('lobby').waitFor();
}
