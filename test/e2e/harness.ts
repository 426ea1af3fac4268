/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * End-to-end harness: Debian Chromium driven by playwright-core against a real server on an
 * ephemeral port (in-memory store) serving the built client, rebuilt first when stale
 * (./chromium.ts, shared with the browser benchmarks); and the steps many tests share.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatGrid, getVariant, SudokuSolver, type VariantIdName } from '@percent/engine';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { startServer, type RunningServer } from '../../packages/server/src/main.ts';
import { LOOPBACK_QUOTAS } from '../server/harness.ts';
import { buildClientIfStale, CHROMIUM, launchChromium } from './chromium.ts';

export const hasChromium = existsSync(CHROMIUM);
export const skipReason = `end-to-end tests skipped: ${CHROMIUM} is missing (apt-get install -y chromium; .ci/run does it)`;
if (!hasChromium) console.warn(skipReason);

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLIENT = join(ROOT, 'packages/client');
export const SCREENSHOTS = join(ROOT, 'test/artifacts/screenshots');

/** Builds the client when its dist is missing or stale; one builder at a time. */
async function ensureClientBuilt(): Promise<void> {
  const failed = await buildClientIfStale(ROOT);
  if (failed !== undefined) throw new Error(`the client build failed:\n${failed}`);
}

/** A real server: in-memory store, small puzzle pool, a visible countdown, a long grace period. */
export function startE2eServer(): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    memory: true,
    clientDir: join(CLIENT, 'dist'),
    pool: { perKind: 3, threads: 1, kinds: [{ variant: 'percent', difficulty: 'easy' }] },
    // Scripted browsers type a board in seconds, with fresh devices: the human floor, the
    // minimum rated length and unrated first races are off.
    timings: {
      countdownMs: 1500,
      graceMs: 30_000,
      humanFloorMs: 0,
      minRatedMs: 0,
      firstRaceRated: true,
    },
    quotas: LOOPBACK_QUOTAS,
    // Browsers type fast: the e2e players fill a board in a few seconds.
    rateLimit: { burst: 200, perSecond: 100, tooMany: 1000 },
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
    browser = await launchChromium(['--disable-gpu']);
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

/** The puzzle on the page's first board: its givens, their solution and the blank cells. */
export async function readPuzzle(
  page: Page,
  scope?: string,
): Promise<{ givens: string; solution: string; blanks: number[] }> {
  const givens = await readGivens(page, scope);
  return { givens, solution: solve(givens), blanks: blanksOf(givens) };
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

/**
 * Selects a cell by clicking it and types a digit on the keyboard. The click is a real mouse
 * click at the cell's centre, without Playwright's wait for the cell to be stable and on top
 * (two animation frames and a hit test per click, ~25 ms of the ~60 a click took): filling a
 * board is most of a race's clicks, and the board is settled by then. A click that lands on
 * something else still fails the test, at the verdict it waits for next.
 */
export async function typeDigit(
  page: Page,
  cell: number,
  digit: number,
  scope = '[data-testid="race"]',
): Promise<void> {
  await page.locator(`${scope} [data-cell="${cell}"]`).click({ force: true });
  await page.keyboard.press(String(digit));
}

/** Selects a cell by tapping it and taps the on-screen pad's digit (taps as `typeDigit` clicks). */
export async function tapDigit(page: Page, cell: number, digit: number): Promise<void> {
  await page.locator(`[data-testid="race"] [data-cell="${cell}"]`).tap({ force: true });
  await page.locator(`.pad [data-digit="${digit}"]`).tap({ force: true });
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

/** One page per name, in the order of the names. */
export type PagesFor<Names extends readonly string[]> = { -readonly [K in keyof Names]: Page };

/**
 * The first name creates a room, every other one joins it and is ready (tapping on a touch
 * device, clicking elsewhere), the host starts once it may; resolves when the race is on in
 * every page. `devices[i]`: the context options of the i-th page (desktop when missing).
 */
export async function startRace<const Names extends readonly [string, ...string[]]>(
  e2e: E2eSession,
  names: Names,
  devices: readonly (BrowserContextOptions | undefined)[] = [],
): Promise<{ code: string; pages: PagesFor<Names> }> {
  const pages: Page[] = [];
  for (const [i] of names.entries()) pages.push(await e2e.newPage(devices[i]));
  const [host, ...others] = pages as [Page, ...Page[]];
  const code = await createRoom(host, e2e.server.url, names[0]);
  for (const [i, page] of others.entries()) {
    await joinRoom(page, e2e.server.url, code, names[i + 1]!);
    const ready = page.getByTestId('ready');
    await (devices[i + 1]?.hasTouch ? ready.tap() : ready.click());
  }
  await expect.poll(() => host.getByTestId('start').isEnabled()).toBe(true);
  await host.getByTestId('start').click();
  for (const page of pages) await page.getByTestId('race').waitFor({ timeout: 15_000 });
  return { code, pages: pages as PagesFor<Names> };
}
