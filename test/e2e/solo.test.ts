/**
 * Solo play in the browser: the engine runs in a Web Worker, so the page asks the server for
 * nothing but its static files (no socket, no API); a hint climbs a ladder press by press
 * (where to look, which technique, the cell and digit, placed) and highlights what it names.
 */
import { describe, expect, it } from 'vitest';
import { cellX, cellY } from '../../packages/client/src/board/geometry.ts';
import { hasChromium, screenshot, useE2eSession } from './harness.ts';

/** The cell a "R3C4" name stands for (0-based, row-major). */
const cellOfName = (name: string): number => {
  const [, row, col] = /^R(\d)C(\d)$/.exec(name)!;
  return (Number(row) - 1) * 9 + (Number(col) - 1);
};

describe.skipIf(!hasChromium)('solo play in the browser', () => {
  const e2e = useE2eSession();

  it('starts a puzzle without the server and gives a hint rung by rung', async () => {
    const page = await e2e.newPage();
    const requests: string[] = [];
    const sockets: string[] = [];
    // The context sees the worker's requests too; socket.io may open a WebSocket directly.
    page.context().on('request', (request) => requests.push(request.url()));
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await page.goto(`${e2e.server.url}/solo`);
    await page.locator('svg.board [data-cell="0"]').waitFor({ timeout: 60_000 });
    const hint = page.getByRole('button', { name: 'Hint', exact: true });
    const notice = page.locator('.notice');
    // An easy puzzle always has a next step. Rung 1: where to look, tinted; no cell, no digit.
    await hint.click();
    await notice.waitFor({ timeout: 30_000 });
    const look = (await notice.textContent()) ?? '';
    expect(look).toMatch(/^Look at (row|column|box|the) /);
    expect(look).not.toMatch(/R\dC\d/);
    await page.locator('svg.board .hl-area').first().waitFor();
    expect(await page.locator('svg.board .hl-hint').count()).toBe(0);
    // Rung 2: the technique, in the same houses.
    await hint.click();
    const houses = look.replace(/^Look at /, '').replace(/\.$/, '');
    await expect.poll(() => notice.textContent()).toMatch(new RegExp(` in ${houses}\\.$`));
    // Rung 3: the answer. Every kind of hint names its cell last ("First: … Hidden single: 5
    // can go only in R3C4 …").
    await hint.click();
    await page.locator('svg.board .hl-hint').first().waitFor();
    const text = (await notice.textContent()) ?? '';
    expect(text).toMatch(/Press Hint again to place it\.$/);
    const named = text.match(/R\dC\d/g) ?? [];
    expect(named.length, `no cell named in "${text}"`).toBeGreaterThan(0);
    const cell = cellOfName(named.at(-1)!);
    const mark = page.locator(`svg.board rect.hl-hint[x="${cellX(cell)}"][y="${cellY(cell)}"]`);
    expect(await mark.count(), `${named.at(-1)} is not highlighted for "${text}"`).toBe(1);
    await screenshot(page, 'solo-hint');
    // Rung 4: placed, and undo takes it out again.
    await hint.click();
    const placed = await page.locator(`svg.board [data-cell="${cell}"] text.entry`).textContent();
    expect(await notice.textContent()).toBe(`Placed ${placed} in ${named.at(-1)}.`);
    await page.keyboard.press('Control+z');
    // Preact renders after the key event returns: wait for the DOM, then hold it to exact values.
    const entry = page.locator(`svg.board [data-cell="${cell}"] text.entry`);
    await expect.poll(() => entry.count()).toBe(0);
    // A new ladder starts; changing the board drops it, text and tint.
    await hint.click();
    await expect.poll(() => notice.textContent()).toMatch(/^Look at /);
    await page.locator(`svg.board [data-cell="${cell}"]`).click();
    await page.keyboard.press(placed!);
    await expect.poll(() => entry.textContent()).toBe(placed);
    // The stale hint is dropped by an effect that runs after the digit's render.
    await expect.poll(() => notice.count()).toBe(0);
    expect(await page.locator('svg.board .hl-area').count()).toBe(0);
    expect(await page.locator('svg.board .hl-hint').count()).toBe(0);

    expect(requests.filter((url) => !url.startsWith(e2e.server.url))).toEqual([]);
    const toServer = requests.filter((url) =>
      /^\/(socket\.io|api)(\/|$)/.test(new URL(url).pathname),
    );
    expect(toServer).toEqual([]);
    expect(sockets).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('says so when the SAT solver filled the board, rather than "Solved in"', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.server.url}/solo`);
    await page.locator('svg.board [data-cell="0"]').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Solve with SAT', exact: true }).click();
    await page.getByRole('button', { name: 'Fill the board', exact: true }).click();
    await page.getByText('Filled in by the SAT solver at').waitFor();
    expect(await page.getByText('Solved in').count()).toBe(0);
    await page.context().close();
  }, 120_000);

  it('shows Check and Hint messages without moving the board', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.server.url}/solo`);
    const board = page.locator('svg.board');
    await page.locator('svg.board [data-cell="0"]').waitFor({ timeout: 60_000 });
    const before = await board.boundingBox();
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.getByTestId('notice').waitFor();
    expect(await board.boundingBox()).toEqual(before);
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    await page.locator('svg.board .hl-area').first().waitFor({ timeout: 30_000 });
    expect(await board.boundingBox()).toEqual(before);
    await page.context().close();
  }, 120_000);
});
