/**
 * The play screens fit the device: on a phone either way up, a desktop and a TV-sized screen
 * the board is as large as fits and the pad (and race panel) stay on screen without scrolling
 * the page; the header stays one line in 中文 on a phone; the rule shading (windows, diagonal)
 * is told apart from a plain cell at 3:1 and digits on it are read at 4.5:1, light and dark.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  hasChromium,
  readPuzzle,
  screenshot,
  startRace,
  tapDigit,
  useE2eSession,
} from './harness.ts';
import { contrastOf, readColours } from './layout-colours.ts';

const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};
const LANDSCAPE = { width: 844, height: 390 };
const FULL_HD = { width: 1920, height: 1080 };

interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly width: number;
  readonly height: number;
}

interface Fit {
  readonly scroll: { readonly width: number; readonly height: number };
  readonly viewport: { readonly width: number; readonly height: number };
  readonly header: Box;
  readonly board: Box;
  readonly digits: readonly Box[];
  /** Per digit button: the element at its centre is the button (nothing covers it). */
  readonly digitsOnTop: readonly boolean[];
}

/** Where the board and the pad's digits are, and how large the page is, in CSS pixels. */
function measure(page: Page): Promise<Fit> {
  return page.evaluate(() => {
    const box = (el: Element): Box => {
      const { left, top, right, bottom, width, height } = el.getBoundingClientRect();
      return { left, top, right, bottom, width, height };
    };
    const root = document.scrollingElement!;
    const digits = [...document.querySelectorAll('.pad [data-digit]')];
    return {
      scroll: { width: root.scrollWidth, height: root.scrollHeight },
      viewport: { width: innerWidth, height: innerHeight },
      header: box(document.querySelector('.app-header')!),
      board: box(document.querySelector('.play-board svg.board')!),
      digits: digits.map(box),
      digitsOnTop: digits.map((button) => {
        const { left, top, width, height } = button.getBoundingClientRect();
        return button.contains(document.elementFromPoint(left + width / 2, top + height / 2));
      }),
    };
  });
}

/** Nothing scrolls, the whole board and all nine digit buttons are on screen and uncovered. */
async function expectFits(page: Page, name: string): Promise<Fit> {
  const fit = await measure(page);
  const { width, height } = fit.viewport;
  expect(fit.scroll.height, `${name}: the page scrolls down`).toBeLessThanOrEqual(height);
  expect(fit.scroll.width, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(width);
  expect(fit.digits, `${name}: the pad's digits`).toHaveLength(9);
  for (const [i, b] of [fit.board, ...fit.digits].entries()) {
    const what = i === 0 ? 'the board' : `digit ${i}`;
    expect(b.left >= 0 && b.top >= 0, `${name}: ${what} starts off screen`).toBe(true);
    expect(b.right <= width && b.bottom <= height, `${name}: ${what} ends off screen`).toBe(true);
  }
  expect(fit.digitsOnTop, `${name}: a digit button is covered`).toEqual(fit.digits.map(() => true));
  return fit;
}

/** Taps a blank cell and the pad's digit for it; the digit shows and the server confirms it. */
async function tapRightDigit(page: Page, nth: number): Promise<void> {
  const { solution, blanks } = await readPuzzle(page);
  const cell = blanks[nth]!;
  await tapDigit(page, cell, Number(solution[cell]));
  await page.locator(`[data-cell="${cell}"] text.verdict-confirmed`).waitFor();
}

/**
 * A finger dragged along the board's first row selects the cells it passes and scrolls
 * nothing; a tap leaves no tap-highlight flash over the board.
 */
async function expectTouchDragSelects(page: Page): Promise<void> {
  const board = (await page.locator('.play-board svg.board').boundingBox())!;
  const cell = board.width / 9;
  const y = board.y + cell / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
    });
  await touch('touchStart', board.x + cell / 2);
  for (let x = board.x + cell / 2; x <= board.x + 4.5 * cell; x += cell / 4)
    await touch('touchMove', x);
  await touch('touchEnd', 0);
  const selected = page.locator('.play-board [role="gridcell"][aria-selected="true"]');
  await expect.poll(() => selected.count()).toBe(5);
  expect(await page.evaluate(() => [scrollX, scrollY])).toEqual([0, 0]);
  const flash = await page
    .locator('.play-board svg.board')
    .evaluate((el) => getComputedStyle(el).getPropertyValue('-webkit-tap-highlight-color'));
  expect(flash).toBe('rgba(0, 0, 0, 0)');
}

describe.skipIf(!hasChromium)('the play screens fit the device', () => {
  const e2e = useE2eSession();

  it('a race: the board fills a phone either way up, a desktop and a TV', async () => {
    const { pages } = await startRace(e2e, ['Ann', 'Bob'], [{ viewport: FULL_HD }, PHONE]);
    const [ann, bob] = pages;

    const portrait = await expectFits(bob, 'race, phone portrait');
    expect(portrait.board.width).toBeGreaterThanOrEqual(340);
    await tapRightDigit(bob, 0);
    // Pencil marks stay readable on a phone's ~40 px cells: at least 12 px tall.
    const { blanks } = await readPuzzle(bob);
    await bob.locator(`[data-testid="race"] [data-cell="${blanks[5]}"]`).tap();
    await bob.keyboard.press('Shift+Digit5');
    const mark = bob.locator(`[data-cell="${blanks[5]}"] text.corner-mark`).first();
    expect((await mark.boundingBox())!.height).toBeGreaterThanOrEqual(12);
    // A conflict's message takes a line kept for it: the race panel does not move.
    const panelY = async () => (await bob.locator('.race-panel').boundingBox())!.y;
    const before = await panelY();
    const { givens } = await readPuzzle(bob);
    // A blank (not the one with marks) in a row that has a given: that given's digit clashes.
    const givenInRow = (cell: number) =>
      [...Array(9).keys()].map((c) => Math.floor(cell / 9) * 9 + c).find((c) => givens[c] !== '0');
    const cell = blanks.find(
      (c) => c !== blanks[5] && c !== blanks[0] && givenInRow(c) !== undefined,
    )!;
    const given = givenInRow(cell)!;
    await tapDigit(bob, cell, Number(givens[given]));
    await bob.locator('.conflicts li').first().waitFor();
    expect(await panelY()).toBe(before);
    await bob.locator(`[data-testid="race"] [data-cell="${cell}"]`).tap();
    await bob.getByRole('button', { name: 'Delete' }).tap();
    await expectTouchDragSelects(bob);
    await screenshot(bob, 'layout-race-phone-portrait');

    await bob.setViewportSize(LANDSCAPE);
    const landscape = await expectFits(bob, 'race, phone landscape');
    // The site's header folds away: the board takes (nearly) the screen's height.
    expect(await bob.locator('.app-header').isVisible()).toBe(false);
    expect(landscape.board.height).toBeGreaterThanOrEqual(LANDSCAPE.height - 40);
    // Landscape puts the pad beside the board, not under it.
    expect(landscape.digits[0]!.left).toBeGreaterThanOrEqual(landscape.board.right);
    await tapRightDigit(bob, 1);
    await screenshot(bob, 'layout-race-phone-landscape');

    await bob.emulateMedia({ colorScheme: 'dark' });
    await bob.setViewportSize(PHONE.viewport!);
    await expectFits(bob, 'race, phone portrait, dark');
    await screenshot(bob, 'layout-race-phone-dark');

    const tv = await expectFits(ann, 'race, 1920×1080');
    expect(tv.board.height).toBeGreaterThanOrEqual(0.75 * FULL_HD.height);
    await screenshot(ann, 'layout-race-1920');

    await ann.setViewportSize({ width: 1280, height: 900 });
    const desk = await expectFits(ann, 'race, 1280×900');
    expect(desk.board.height).toBeGreaterThanOrEqual(0.8 * (900 - desk.header.bottom));
    await ann.emulateMedia({ colorScheme: 'dark' });
    await screenshot(ann, 'layout-race-1280-dark');

    // The host's bar (end the race, leave) on a phone still leaves room for everything.
    await ann.setViewportSize(PHONE.viewport!);
    await expectFits(ann, 'race, host, 390 wide');
  }, 120_000);

  it('solo: the board fills a phone either way up', async () => {
    const page = await e2e.newPage(PHONE);
    await page.goto(`${e2e.server.url}/solo`);
    await page.locator('svg.board [data-cell="0"]').waitFor({ timeout: 60_000 });
    const portrait = await expectFits(page, 'solo, phone portrait');
    expect(portrait.board.width).toBeGreaterThanOrEqual(340);
    await screenshot(page, 'layout-solo-phone-portrait');
    await page.setViewportSize(LANDSCAPE);
    const landscape = await expectFits(page, 'solo, phone landscape');
    expect(landscape.board.height).toBeGreaterThanOrEqual(300);
    await screenshot(page, 'layout-solo-phone-landscape');
    // Smaller phones either way up and a tablet either way up fit as well.
    for (const [width, height] of [
      [360, 640],
      [568, 320],
      [768, 1024],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expectFits(page, `solo, ${width}×${height}`);
    }
  }, 120_000);

  it('keeps the header on one line in 中文 on a phone', async () => {
    const page = await e2e.newPage(PHONE);
    await page.goto(`${e2e.server.url}/`);
    const header = page.locator('.app-header');
    const english = (await header.boundingBox())!.height;
    await page.getByRole('button', { name: '中文' }).tap();
    await page.waitForFunction(() => document.documentElement.lang.startsWith('zh'));
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(english);
    // Every label is on one line (no character stacked under another) and nothing overflows.
    const lines = await page.evaluate(() =>
      [...document.querySelectorAll('.app-header a, .app-header button')].map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        // A line starts where a piece of text lies wholly below the line before it.
        const rects = [...range.getClientRects()].sort((a, b) => a.top - b.top);
        let count = 0;
        let bottom = -Infinity;
        for (const r of rects) {
          if (r.top >= bottom - 1) count++;
          bottom = Math.max(bottom, r.bottom);
        }
        return `${el.textContent?.trim()}: ${count}`;
      }),
    );
    expect(lines.filter((line) => !/: [01]$/.test(line))).toEqual([]);
    const overflow = await header.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.goto(`${e2e.server.url}/solo`);
    await page.locator('svg.board [data-cell="0"]').waitFor({ timeout: 60_000 });
    await expectFits(page, 'solo, 中文, phone portrait');
    await screenshot(page, 'layout-solo-zh');
  }, 120_000);

  it('shades the windows and the diagonal at 3:1, digits on them at 4.5:1', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.server.url}/solo`);
    await page.locator('svg.board [data-cell="0"]').waitFor({ timeout: 60_000 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const c = await readColours(page);
      const ratios = contrastOf(c);
      for (const [pair, ratio] of Object.entries(ratios.shapes))
        expect(ratio, `${scheme}: ${pair}`).toBeGreaterThanOrEqual(3);
      for (const [pair, ratio] of Object.entries(ratios.text))
        expect(ratio, `${scheme}: ${pair}`).toBeGreaterThanOrEqual(4.5);
      await screenshot(page, `layout-solo-${scheme}`);
    }
  }, 120_000);
});
