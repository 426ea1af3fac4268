/**
 * Reactions and player colours in the browser: during a race a player and a spectator send
 * reactions; the TV shows the player's at the end of their lane and both in its strip (the
 * spectator unnamed), the players' pages list them beside the board — never over it —
 * and every lane, lobby row and standing carries the player's own colour and initial.
 */
import { describe, expect, it } from 'vitest';
import {
  createRoom,
  hasChromium,
  joinRoom,
  readPuzzle,
  screenshot,
  typeDigit,
  useE2eSession,
} from './harness.ts';

const FULL_HD = { width: 1920, height: 1080 };

describe.skipIf(!hasChromium)('reactions and colours', () => {
  const e2e = useE2eSession();

  it('shows a player’s and a spectator’s reactions on the TV and beside the board', async () => {
    const [ann, bob] = [await e2e.newPage(), await e2e.newPage()];
    const code = await createRoom(ann, e2e.server.url, 'Ann');
    await joinRoom(bob, e2e.server.url, code, 'Bob');
    // Each seat has its own colour, with its initial, in the lobby.
    const avatars = ann.locator('.lobby-player-name .avatar');
    await expect.poll(() => avatars.count()).toBe(2);
    expect(
      await avatars.evaluateAll((els) => els.map((el) => el.getAttribute('data-colour'))),
    ).toEqual(['0', '1']);
    expect(
      await avatars.evaluateAll((els) => els.map((el) => el.getAttribute('data-initial'))),
    ).toEqual(['A', 'B']);

    await bob.getByTestId('ready').click();
    await expect.poll(() => ann.getByTestId('start').isEnabled()).toBe(true);
    await ann.getByTestId('start').click();
    await Promise.all([ann, bob].map((p) => p.getByTestId('race').waitFor({ timeout: 15_000 })));
    const tv = await e2e.newPage({ viewport: FULL_HD });
    await tv.goto(`${e2e.server.url}/r/${code}?tv=1`);
    await tv.getByTestId('tv-lanes').waitFor();
    const watcher = await e2e.newPage();
    await watcher.goto(`${e2e.server.url}/r/${code}?watch=1`);
    await watcher.getByTestId('spectate').waitFor();

    const boardBefore = await bob.locator('[data-testid="race"] svg.board').boundingBox();
    const padBefore = await ann.locator('.pad').boundingBox();
    await bob.getByRole('button', { name: 'Send 🔥' }).click();
    await watcher.getByRole('button', { name: 'Send 🎉' }).click();

    // The TV: Bob's at the end of his lane; both in the strip, the spectator unnamed.
    const bobLane = tv.locator('[data-testid="tv-lane"][data-player="Bob"]');
    await expect.poll(() => bobLane.getByTestId('tv-lane-reaction').textContent()).toBe('🔥');
    expect(await bobLane.getAttribute('data-colour')).toBe('1');
    const strip = tv.getByTestId('tv-reactions');
    await expect.poll(() => strip.textContent()).toBe('Bob🔥A spectator🎉');
    await screenshot(tv, 'tv-reactions');

    // Ann's page lists them beside the board (never over it); Bob's board did not move.
    const feed = ann.getByTestId('reaction-feed');
    await expect.poll(() => feed.textContent()).toBe('Bob 🔥A spectator 🎉');
    expect(await bob.locator('[data-testid="race"] svg.board').boundingBox()).toEqual(boardBefore);
    // Nor does the pad move under Ann's finger when they arrive.
    expect(await ann.locator('.pad').boundingBox()).toEqual(padBefore);
    const board = await ann.locator('[data-testid="race"] svg.board').boundingBox();
    const chips = await ann.getByTestId('reactions').boundingBox();
    const apart =
      chips!.x >= board!.x + board!.width ||
      chips!.x + chips!.width <= board!.x ||
      chips!.y >= board!.y + board!.height ||
      chips!.y + chips!.height <= board!.y;
    expect(apart, 'the reactions overlap the board').toBe(true);
    await screenshot(ann, 'race-reactions');

    // They fade after a few seconds.
    await expect.poll(() => feed.locator('li').count(), { timeout: 10_000 }).toBe(0);

    // The standings carry each player's colour too.
    const { solution, blanks } = await readPuzzle(ann);
    for (const page of [ann, bob])
      for (const cell of blanks) await typeDigit(page, cell, Number(solution[cell]));
    await ann.getByTestId('results').waitFor();
    const standings = ann.getByTestId('standing').locator('.avatar');
    expect(
      (
        await standings.evaluateAll((els) => els.map((el) => el.getAttribute('data-colour')))
      ).sort(),
    ).toEqual(['0', '1']);
    for (const page of [ann, bob, tv, watcher]) await page.context().close();
  }, 120_000);
});
