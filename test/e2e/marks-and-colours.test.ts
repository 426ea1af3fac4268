/**
 * Pencil marks and colours in the browser, and what a reload keeps. In a race the server holds
 * only correct digits; this device keeps the rest (corner and centre marks, colours, the undo
 * history and wrong entries, shown wrong) and a reload brings it back without counting a
 * mistake twice. Solo keeps its undo history across a reload too.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, readPuzzle, screenshot, startRace, useE2eSession } from './harness.ts';

const cell = (page: Page, c: number) => page.locator(`svg.board [data-cell="${c}"]`);
const colours = (page: Page, c: number) =>
  page.locator(`svg.board [data-colour-of="${c}"]`).getAttribute('data-colours', { timeout: 2000 });
const colourCount = (page: Page, c: number) =>
  page.locator(`svg.board [data-colour-of="${c}"]`).count();
const mistakesOf = (page: Page, name: string) =>
  page
    .locator(`[data-player="${name}"]`)
    .getByText(/^mistakes: \d+$/)
    .textContent();

describe.skipIf(!hasChromium)('marks and colours', () => {
  const e2e = useE2eSession();

  it('a racer reloads: marks, colours and a wrong entry come back; the mistake counts once', async () => {
    const { pages } = await startRace(e2e, ['Ann', 'Bob']);
    const [ann, bob] = pages;
    const { solution, blanks } = await readPuzzle(ann);
    const [corner, centre, wrong, orange, green] = blanks;
    const wrongDigit = [1, 2, 5, 6, 7, 8, 9].find((d) => String(d) !== solution[wrong!])!;

    await cell(ann, corner!).click();
    await ann.keyboard.press('x');
    await ann.keyboard.press('3');
    await cell(ann, centre!).click();
    await ann.keyboard.press('c');
    await ann.keyboard.press('4');
    await ann.keyboard.press('z');
    await cell(ann, wrong!).click();
    await ann.keyboard.press(String(wrongDigit));
    await cell(ann, wrong!).locator('text.verdict-wrong').waitFor();
    await expect.poll(() => mistakesOf(ann, 'Ann')).toBe('mistakes: 1');
    // Colours: V then a digit on the keyboard, and a swatch of the pad.
    await cell(ann, orange!).click();
    await ann.keyboard.press('v');
    await ann.keyboard.press('3');
    await cell(ann, green!).click();
    await ann.getByRole('button', { name: 'Colour 5: green' }).click();
    expect(await colours(ann, orange!)).toBe('orange');
    expect(await colours(ann, green!)).toBe('green');
    await screenshot(ann, 'race-colours');

    await ann.reload();
    await ann.getByTestId('race').waitFor();
    await ann.getByTestId('connection').and(ann.locator('[data-state="connected"]')).waitFor();
    expect(await cell(ann, corner!).locator('text.corner-mark').allTextContents()).toEqual(['3']);
    expect(await cell(ann, centre!).locator('text.centre-mark').textContent()).toBe('4');
    expect(await cell(ann, wrong!).locator('text.verdict-wrong').textContent()).toBe(
      String(wrongDigit),
    );
    expect(await cell(ann, wrong!).getAttribute('aria-label')).toContain('wrong');
    expect(await colours(ann, orange!)).toBe('orange');
    expect(await colours(ann, green!)).toBe('green');
    expect(await cell(ann, green!).getAttribute('aria-label')).toContain('coloured green');
    // Nothing was sent again: both players still see one mistake.
    await ann.waitForTimeout(500);
    expect(await mistakesOf(ann, 'Ann')).toBe('mistakes: 1');
    expect(await mistakesOf(bob, 'Ann')).toBe('mistakes: 1');

    // The undo history came back too: the last step was the green colour.
    await ann.keyboard.press('Control+z');
    expect(await colourCount(ann, green!)).toBe(0);
    expect(await colours(ann, orange!)).toBe('orange');
    await screenshot(ann, 'race-reloaded');
  }, 120_000);

  it('draws several colours as slices, under digits and marks, in light and dark', async () => {
    const fills: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await e2e.newPage({ viewport: { width: 1280, height: 900 }, colorScheme });
      await page.goto(`${e2e.server.url}/solo`);
      await page.locator('svg.board [data-cell="0"]').waitFor({ timeout: 60_000 });
      const { givens, solution, blanks } = await readPuzzle(page, '.solo');
      const [given] = [...givens].flatMap((d, c) => (d === '0' ? [] : [c]));
      const [many, entry, marked] = blanks;
      // Four colours in one cell; a given, an entry and corner marks on colours.
      await cell(page, many!).click();
      for (const key of ['v', '1', '2', '3', '4']) await page.keyboard.press(key);
      await cell(page, given!).click();
      await page.keyboard.press('5');
      await cell(page, entry!).click();
      await page.keyboard.press('7');
      await cell(page, marked!).click();
      await page.keyboard.press('8');
      await page.keyboard.press('z');
      await cell(page, entry!).click();
      await page.keyboard.press(solution[entry!]!);
      await cell(page, marked!).click();
      await page.keyboard.press('Shift+1');
      await page.keyboard.press('Shift+2');
      expect(await colours(page, many!)).toBe('grey red orange yellow');
      expect(await page.locator(`[data-colour-of="${many}"] polygon`).count()).toBe(4);
      expect(await colours(page, given!)).toBe('green');
      expect(await cell(page, entry!).locator('text.entry').textContent()).toBe(solution[entry!]);
      fills.push(
        await page
          .locator(`[data-colour-of="${given}"] polygon`)
          .evaluate((el) => getComputedStyle(el).fill),
      );
      await page.keyboard.press('Escape');
      await screenshot(page, `colours-${colorScheme}`);
      await page.context().close();
    }
    // Each theme has its own palette (colours.css): pastel on light, deep on dark.
    expect(fills).toEqual(['rgb(176, 226, 162)', 'rgb(48, 89, 58)']);
  }, 120_000);

  it('on a phone, the colour pad is four modes and one row of nine named swatches', async () => {
    const page = await e2e.newPage({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await page.goto(`${e2e.server.url}/solo`);
    await page.locator('svg.board [data-cell="0"]').waitFor({ timeout: 60_000 });
    await page.getByRole('radio', { name: 'Colour' }).tap();
    const swatches = page.locator('.pad-swatch');
    expect(await swatches.count()).toBe(9);
    const names = await swatches.evaluateAll((els) => els.map((el) => el.ariaLabel));
    expect(names[2]).toBe('Colour 3: orange');
    const boxes = await Promise.all((await swatches.all()).map((s) => s.boundingBox()));
    expect(new Set(boxes.map((b) => b!.y)).size).toBe(1);
    for (const box of boxes) expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const modes = await Promise.all(
      (await page.locator('.pad-mode').all()).map((m) => m.boundingBox()),
    );
    expect(new Set(modes.map((b) => b!.y)).size).toBe(1);
    await cell(page, 40).tap();
    await page.getByRole('button', { name: 'Colour 7: blue' }).tap();
    expect(await colours(page, 40)).toBe('blue');
    await screenshot(page, 'colours-phone');
    await page.context().close();
  }, 120_000);

  it('solo: a colour survives a reload and undo still takes it away', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.server.url}/solo`);
    await page.locator('svg.board [data-cell="0"]').waitFor({ timeout: 60_000 });
    await cell(page, 40).click();
    await page.keyboard.press('v');
    expect(await page.getByRole('radio', { name: 'Colour' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await page.keyboard.press('7');
    await page.keyboard.press('2');
    expect(await colours(page, 40)).toBe('red blue');
    await page.reload();
    await page.locator('svg.board [data-cell="0"]').waitFor({ timeout: 60_000 });
    expect(await colours(page, 40)).toBe('red blue');
    await page.keyboard.press('Control+z');
    expect(await colours(page, 40)).toBe('blue');
    await page.keyboard.press('Control+z');
    expect(await colourCount(page, 40)).toBe(0);
    await page.keyboard.press('Control+y');
    expect(await colours(page, 40)).toBe('blue');
    await page.context().close();
  }, 120_000);
});
