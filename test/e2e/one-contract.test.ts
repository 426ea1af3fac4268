/**
 * One contract, in the browser: what the server decides is what every screen shows.
 * - One slip is one mistake: a wrong digit, then undo/redo/undo/redo, counts once in the race
 *   panel, the results, the stored race (what ratings and replays read) and the debrief.
 * - The host ends a race early: runners still racing show "stopped by the host" (not "out of
 *   time"), and the ratings follow the documented rule (a finisher beats them; no game
 *   between two runners the host stopped).
 * - A host who sits out removes an idle player mid-race from the TV and from a phone.
 */
import type { RaceRecordView } from '@percent/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connect, expectOk, newDeviceId } from '../server/harness.ts';
import {
  createRoom,
  hasChromium,
  joinRoom,
  readPuzzle,
  screenshot,
  typeDigit,
  useE2eSession,
} from './harness.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The text of the race panel's row of `name` on `page`. */
const panelRow = (page: Page, name: string) =>
  page.locator(`[data-testid="race"] .race-player[data-player="${name}"]`);

describe.skipIf(!hasChromium)('one contract in the browser', () => {
  const e2e = useE2eSession();

  it('counts one slip once under undo/redo, and rates a race the host ended by its rule', async () => {
    const url = e2e.server.url;
    const ann = await e2e.newPage();
    const code = await createRoom(ann, url, 'Ann');
    const bob = await e2e.newPage();
    await joinRoom(bob, url, code, 'Bob');
    await bob.getByTestId('ready').click();
    const cy = await connect(url);
    expectOk(await cy.call('room:join', { code, nickname: 'Cy', deviceId: newDeviceId() }));
    expectOk(await cy.call('room:ready', { ready: true }));
    await expect.poll(() => ann.getByTestId('start').isEnabled()).toBe(true);
    await ann.getByTestId('start').click();
    for (const page of [ann, bob]) await page.getByTestId('race').waitFor({ timeout: 15_000 });
    const { solution, blanks } = await readPuzzle(ann);

    // One wrong digit, judged wrong; then undo, redo, undo, redo.
    const cell = blanks[0]!;
    const wrong = (Number(solution[cell]) % 9) + 1;
    await typeDigit(ann, cell, wrong);
    await ann.locator(`[data-cell="${cell}"] text.verdict-wrong`).waitFor();
    for (const key of ['Control+z', 'Control+y', 'Control+z', 'Control+y']) {
      await ann.keyboard.press(key);
      await sleep(150);
    }
    // The wrong digit is back, shown wrong at once (it was judged before).
    await ann.locator(`[data-cell="${cell}"] text.verdict-wrong`).waitFor();
    await sleep(500);
    for (const page of [ann, bob]) {
      await expect.poll(() => panelRow(page, 'Ann').textContent()).toContain('mistakes: 1');
    }

    // Ann finishes; Bob and Cy are still racing when she ends the race.
    for (const c of blanks) await typeDigit(ann, c, Number(solution[c]));
    await ann.getByTestId('race-outcome').waitFor();
    await ann.getByTestId('end-race').click();
    await ann.getByTestId('end-race-confirmed').click();
    for (const page of [ann, bob]) await page.getByTestId('results').waitFor();
    const rows = await ann.getByTestId('standing').allTextContents();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^1Ann/);
    const annCells = await ann.getByTestId('standing').nth(0).locator('td').allTextContents();
    expect(annCells).toContain('1'); // mistakes
    for (const row of rows.slice(1)) expect(row).toContain('stopped by the host');
    expect(rows.join(' ')).not.toContain('out of time');
    await bob.getByText('No place for you this time (stopped by the host).').waitFor();
    await screenshot(bob, 'results-ended-by-host');

    // The stored race (what ratings, replays and debriefs read): one wrong move, one mistake.
    const href = await ann.locator('a.replay-link').first().getAttribute('href');
    const id = /\/race\/([^/?#]+)/.exec(href ?? '')?.[1] ?? '';
    const stored = (await (await fetch(`${url}/api/races/${id}`)).json()) as {
      race: RaceRecordView;
    };
    const { players, moves, rated } = stored.race;
    expect(moves.filter((m) => m.verdict === 'wrong')).toHaveLength(1);
    expect(players.map((p) => [p.nickname, p.outcome, p.mistakes])).toEqual([
      ['Ann', 'finished', 1],
      ['Bob', 'ended', 0],
      ['Cy', 'ended', 0],
    ]);
    // Ann beat both; Bob and Cy each lost one game (to Ann) and played none with each other.
    expect(rated).toBe(true);
    const change = (name: string) => {
      const r = players.find((p) => p.nickname === name)!.rating!;
      return r.after - r.before;
    };
    expect(change('Ann')).toBeGreaterThan(0);
    expect(change('Bob')).toBeLessThan(0);
    expect(change('Bob')).toBeCloseTo(change('Cy'), 6);

    // The debrief explains the slip once.
    const debrief = ann.getByTestId('results').getByTestId('debrief');
    const items = debrief.locator('[data-testid="debrief-item"][data-kind="mistake"]');
    await expect.poll(() => items.count(), { timeout: 20_000 }).toBe(1);
    cy.close();
  }, 180_000);

  it('lets a host who sits out remove an idle player mid-race, from the TV and from a phone', async () => {
    const url = e2e.server.url;
    const host = await e2e.newPage({ viewport: { width: 1920, height: 1080 } });
    await host.goto(`${url}/`);
    await host.locator('input[name="nickname"]').fill('Lounge');
    await host.getByTestId('host-only').check();
    await host.getByTestId('create-room').click();
    await host.getByTestId('tv').waitFor();
    const code = (await host.getByTestId('tv-code').first().textContent())?.trim() ?? '';

    const pia = await e2e.newPage();
    await joinRoom(pia, url, code, 'Pia');
    await pia.getByTestId('ready').click();
    const idlers = await Promise.all([connect(url), connect(url)]);
    for (const [i, idler] of idlers.entries()) {
      const nickname = ['Quinn', 'Ray'][i]!;
      expectOk(await idler.call('room:join', { code, nickname, deviceId: newDeviceId() }));
      expectOk(await idler.call('room:ready', { ready: true }));
    }
    const [quinn, ray] = idlers as [(typeof idlers)[0], (typeof idlers)[0]];
    const ended = (client: typeof quinn) =>
      new Promise<unknown>((resolve) => client.socket.once('session:ended', resolve));
    const quinnEnded = ended(quinn);
    const rayEnded = ended(ray);
    await expect.poll(() => host.getByTestId('start').isEnabled()).toBe(true);
    await host.getByTestId('start').click();
    await host.getByTestId('tv-lanes').waitFor({ timeout: 15_000 });
    await pia.getByTestId('race').waitFor({ timeout: 15_000 });

    // From the TV: Quinn's lane has a Remove (the players have none: not theirs to offer).
    const lane = host.locator('[data-testid="tv-lane"][data-player="Quinn"]');
    expect(await pia.getByTestId('remove-p3').count()).toBe(0);
    await lane.getByTestId('tv-remove-p3').click();
    await lane.getByTestId('tv-remove-p3-confirmed').click();
    expect(await quinnEnded).toMatchObject({ reason: 'kicked' });
    await expect.poll(() => lane.count()).toBe(0); // the seat is gone; its runner counts as left

    // From a phone: the same seat outside TV mode, at phone size, removes Ray.
    await host.getByTestId('tv-exit').click();
    await host.setViewportSize({ width: 390, height: 844 });
    await host.getByTestId('spectate').waitFor();
    const card = host.locator('.spectate-card .race-player[data-player="Ray"]');
    await card.getByTestId('remove-p4').click();
    await card.getByTestId('remove-p4-confirmed').click();
    expect(await rayEnded).toMatchObject({ reason: 'kicked' });
    await screenshot(host, 'host-removes-from-phone');

    // Pia finishes the race alone; the standings say who left.
    const { solution, blanks } = await readPuzzle(pia);
    for (const c of blanks) await typeDigit(pia, c, Number(solution[c]));
    await host.getByTestId('results').waitFor();
    const rows = await host.getByTestId('standing').allTextContents();
    expect(rows[0]).toMatch(/^1Pia/);
    expect(rows.slice(1).every((row) => row.includes('left'))).toBe(true);
    for (const idler of idlers) idler.close();
  }, 180_000);
});
