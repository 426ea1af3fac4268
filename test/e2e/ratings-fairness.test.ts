/**
 * Ratings and commit–reveal in the browser. Two devices race twice: a rated race moves both
 * ratings (shown in the results beside each name and then in the lobby, and kept by the store:
 * a new room shows the same rating), an unrated one moves nothing. Every client receives the
 * commitment before the puzzle and the secret only at the end, when the results say "Puzzle
 * fixed before the start ✓"; a page fed, at the end only, another puzzle with a commitment
 * made up to match it (playwright's `routeWebSocket`) says the commitment changed; a spectator
 * who arrived mid-race gets a neutral line, not the ✓; the replay page of the stored race
 * says the ✓ on a device that saw the race start, "matches its commitment" on another.
 */
import { createHash } from 'node:crypto';
import type { Page, WebSocketRoute } from 'playwright-core';
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

interface RaceFrame {
  readonly phase: string;
  readonly race: {
    readonly id: string;
    readonly puzzle: string | null;
    readonly solution: string | null;
    readonly commitment: string | null;
    readonly secret: string | null;
  } | null;
}

/** Every `room:state` (and seat reply) view the page received, in order. */
function recordViews(page: Page): RaceFrame[] {
  const views: RaceFrame[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string') return;
      const event = /^42(\[.*)$/s.exec(payload);
      const ack = /^43\d+(\[.*)$/s.exec(payload);
      if (event) {
        const [name, data] = JSON.parse(event[1]!) as [string, RaceFrame];
        if (name === 'room:state') views.push(data);
      } else if (ack) {
        const [reply] = JSON.parse(ack[1]!) as [{ view?: RaceFrame }];
        if (reply.view) views.push(reply.view);
      }
    }),
  );
  return views;
}

/**
 * The page's socket as a cheating server would feed it: the countdown and the race arrive as
 * sent, but the final `room:state` reveals another puzzle with a new commitment that matches
 * it (SHA-256 of the new puzzle, the solution and the secret), as if the puzzle had been
 * changed mid-race and the commitment made up afterwards.
 */
async function tamperFinalFrames(page: Page): Promise<void> {
  await page.routeWebSocket(/\/socket\.io\//, (ws: WebSocketRoute) => {
    const server = ws.connectToServer();
    server.onMessage((message) => ws.send(typeof message === 'string' ? cheat(message) : message));
  });
}

function cheat(message: string): string {
  const event = /^42(\[.*)$/s.exec(message);
  if (!event) return message;
  const [name, view] = JSON.parse(event[1]!) as [string, RaceFrame];
  const race = view.race;
  if (name !== 'room:state' || view.phase !== 'finished' || !race?.puzzle || !race.secret) {
    return message;
  }
  const given = race.puzzle.search(/[1-9]/);
  const puzzle = `${race.puzzle.slice(0, given)}0${race.puzzle.slice(given + 1)}`;
  const commitment = sha256(`${puzzle}${race.solution}${race.secret}`);
  return `42${JSON.stringify([name, { ...view, race: { ...race, puzzle, commitment } }])}`;
}

const ratingIn = (page: Page, nickname: string) =>
  page.locator('.lobby-player', { hasText: nickname }).getByTestId('player-rating').textContent();

const changeIn = (page: Page, nickname: string) =>
  page.getByTestId('standing').filter({ hasText: nickname }).getByTestId('rating-change');

/** Bob gives up, Ann solves: the race ends with Ann first (`meanwhile` runs once it is on). */
async function annBeatsBob(ann: Page, bob: Page, meanwhile?: () => Promise<void>): Promise<void> {
  await ann.getByTestId('start').click();
  await Promise.all([ann, bob].map((p) => p.getByTestId('race').waitFor({ timeout: 15_000 })));
  await meanwhile?.();
  await bob.getByTestId('forfeit').click();
  await bob.getByTestId('forfeit-confirmed').click();
  const { solution, blanks } = await readPuzzle(ann);
  for (const cell of blanks) await typeDigit(ann, cell, Number(solution[cell]));
  for (const page of [ann, bob]) await page.getByTestId('results').waitFor();
}

const sha256 = (text: string) => createHash('sha256').update(text, 'ascii').digest('hex');

describe.skipIf(!hasChromium)('ratings and commit–reveal', () => {
  const e2e = useE2eSession();

  it('rates a rated race, not an unrated one, and verifies the commitment (a tampered one fails)', async () => {
    const [ann, bob, cyd] = [await e2e.newPage(), await e2e.newPage(), await e2e.newPage()];
    const seen = recordViews(ann);
    await tamperFinalFrames(bob);
    const code = await createRoom(ann, e2e.server.url, 'Ann');
    await joinRoom(bob, e2e.server.url, code, 'Bob');

    // New devices: 1500, provisional; the room is rated by default.
    await expect.poll(() => ratingIn(ann, 'Bob')).toBe('1500?');
    expect(await ratingIn(bob, 'Ann')).toBe('1500?');
    expect(await ann.getByTestId('rated-badge').textContent()).toBe('Rated');
    await bob.getByTestId('ready').click();
    await expect.poll(() => ann.getByTestId('start').isEnabled()).toBe(true);
    // Cyd arrives mid-race, to watch: this device never saw the commitment before the start.
    await annBeatsBob(ann, bob, async () => {
      await cyd.goto(`${e2e.server.url}/r/${code}`);
      await cyd.getByTestId('watch-room').click();
      await cyd.getByTestId('spectate').waitFor();
    });
    await cyd.getByTestId('results').waitFor();

    // The results show each change beside the name; Ann up, Bob down, the same on both pages.
    const annChange = (await changeIn(ann, 'Ann').textContent()) ?? '';
    const bobChange = (await changeIn(ann, 'Bob').textContent()) ?? '';
    expect(annChange).toMatch(/^1[6-9]\d\d\? \+\d+$/);
    expect(bobChange).toMatch(/^1[0-4]\d\d\? −\d+$/);
    expect(await changeIn(bob, 'Ann').textContent()).toBe(annChange);
    expect(await bob.getByTestId('unrated-race').count()).toBe(0);

    // The honest page checks the commitment it received in the countdown; the page fed a new
    // puzzle and a matching new commitment at the end refuses them; the late spectator's page
    // says only what it can: the values match, but it did not see the commitment beforehand.
    const annVerdict = ann.getByTestId('fairness-verdict');
    expect(await annVerdict.textContent()).toBe('Puzzle fixed before the start ✓');
    expect(await annVerdict.getAttribute('data-ok')).toBe('true');
    const bobVerdict = bob.getByTestId('fairness-verdict');
    expect(await bobVerdict.textContent()).toBe('✗ the commitment changed during the race');
    expect(await bobVerdict.getAttribute('data-tone')).toBe('bad');
    const cydVerdict = cyd.getByTestId('fairness-verdict');
    expect(await cydVerdict.textContent()).toBe(
      'The revealed values match the commitment, but this device did not see it before the start',
    );
    expect(await cydVerdict.getAttribute('data-tone')).toBe('neutral');
    await screenshot(ann, 'results-rated-fair');
    await bobVerdict.click();
    await screenshot(bob, 'results-tampered');

    // What Ann's socket carried: the commitment from the countdown on, before the puzzle; no
    // secret and no solution until the end; then a secret that opens the commitment.
    const first = seen.findIndex((v) => v.race?.commitment);
    expect(seen[first]).toMatchObject({ phase: 'countdown', race: { puzzle: null, secret: null } });
    const ended = seen.findIndex((v) => v.phase === 'finished');
    expect(seen.slice(first, ended).every((v) => !v.race?.secret && !v.race?.solution)).toBe(true);
    const race = seen[ended]!.race!;
    expect(race.commitment).toBe(seen[first]!.race!.commitment);
    expect(sha256(`${race.puzzle}${race.solution}${race.secret}`)).toBe(race.commitment);
    const stored = (await (await fetch(`${e2e.server.url}/api/races/${race.id}`)).json()) as {
      race: { rated: boolean; commitment: string; secret: string; players: object[] };
    };
    expect(stored.race).toMatchObject({
      rated: true,
      commitment: race.commitment,
      secret: race.secret,
    });
    // The stored standings carry the exact changes; nothing private (device ids, whole ratings).
    const [winner, loser] = stored.race.players as { rating: { before: number; after: number } }[];
    expect(winner!.rating.before).toBe(1500);
    expect(Math.round(winner!.rating.after)).toBe(Number(annChange.split('?')[0]));
    expect(Math.round(loser!.rating.after)).toBe(Number(bobChange.split('?')[0]));
    expect(Object.keys(winner!).sort()).toEqual(
      [
        'colour',
        'flag',
        'mistakes',
        'nickname',
        'outcome',
        'place',
        'playerId',
        'points',
        'rating',
        'team',
        'teamPlace',
        'timeMs',
      ].sort(),
    );

    // The replay page of the stored race: Ann's device saw the commitment in the countdown
    // (remembered in localStorage), the spectator's device did not.
    const annReplay = await ann.context().newPage();
    for (const [page, text, tone] of [
      [annReplay, 'Puzzle fixed before the start ✓', 'ok'],
      [cyd, 'The stored race matches its commitment', 'neutral'],
    ] as const) {
      await page.goto(`${e2e.server.url}/race/${race.id}`);
      const verdict = page.getByTestId('fairness-verdict');
      await expect.poll(() => verdict.textContent()).toBe(text);
      expect(await verdict.getAttribute('data-tone')).toBe(tone);
    }
    await annReplay.close();

    // Back in the lobby the new ratings show; the host makes the room unrated.
    await ann.getByTestId('rematch').click();
    await ann.getByTestId('lobby').waitFor();
    const annAfter = annChange.split(' ')[0]!;
    const bobAfter = bobChange.split(' ')[0]!;
    await expect.poll(() => ratingIn(bob, 'Ann')).toBe(annAfter);
    expect(await ratingIn(ann, 'Bob')).toBe(bobAfter);
    await ann.getByTestId('rated-setting').uncheck();
    await expect.poll(() => bob.getByTestId('rated-badge').textContent()).toBe('Unrated');
    await bob.getByTestId('ready').click();
    await expect.poll(() => ann.getByTestId('start').isEnabled()).toBe(true);
    await annBeatsBob(ann, bob);

    // An unrated race: no change anywhere, and it says so.
    expect(await ann.getByTestId('rating-change').count()).toBe(0);
    await ann.getByTestId('unrated-race').waitFor();
    expect(await annVerdict.textContent()).toBe('Puzzle fixed before the start ✓');
    await ann.getByTestId('rematch').click();
    await bob.getByTestId('lobby').waitFor();
    await expect.poll(() => ratingIn(bob, 'Ann')).toBe(annAfter);
    expect(await ratingIn(bob, 'Bob')).toBe(bobAfter);

    // The store kept Ann's rating: a new room of hers shows it from the start.
    await createRoom(ann, e2e.server.url, 'Ann');
    expect(await ratingIn(ann, 'Ann')).toBe(annAfter);
  }, 240_000);
});
