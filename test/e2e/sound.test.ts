/**
 * Sound and haptics in a race (issue 22): the countdown ticks and says go, a wrong digit buzzes
 * (and vibrates a phone), a finish sounds for the finisher and for the others, the end plays
 * the podium; the mute switch silences them and survives a reload. The page tells every cue
 * on `document` (`percent:cue`), which the test records, with `navigator.vibrate` spied on.
 */
/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createRoom,
  hasChromium,
  joinRoom,
  readPuzzle,
  typeDigit,
  useE2eSession,
} from './harness.ts';

interface Heard {
  readonly cue: string;
  readonly muted: boolean;
}

type Spied = Window & { __cues: Heard[]; __vibrations: unknown[]; __shared: string[] };

/** Records every cue and every vibration of the page, from its first script on. */
async function listen(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as Spied;
    w.__cues = [];
    w.__vibrations = [];
    w.__shared = [];
    // A phone's share sheet, recorded.
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: { text: string }) => void w.__shared.push(data.text),
    });
    document.addEventListener('percent:cue', (e) =>
      w.__cues.push((e as CustomEvent<Heard>).detail),
    );
    Object.defineProperty(navigator, 'vibrate', {
      configurable: true,
      value: (pattern: unknown) => {
        w.__vibrations.push(pattern);
        return true;
      },
    });
  });
}

const heard = (page: Page): Promise<Heard[]> =>
  page.evaluate(() => (window as unknown as Spied).__cues);
const vibrations = (page: Page): Promise<unknown[]> =>
  page.evaluate(() => (window as unknown as Spied).__vibrations);
const cues = async (page: Page): Promise<string[]> => (await heard(page)).map((h) => h.cue);

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe.skipIf(!hasChromium)('sound and haptics', () => {
  const e2e = useE2eSession();

  it('ticks, goes, buzzes a wrong digit, sounds finishes and the podium; mute holds', async () => {
    const ann = await e2e.newPage();
    const bob = await e2e.newPage(PHONE);
    for (const page of [ann, bob]) await listen(page);
    const code = await createRoom(ann, e2e.server.url, 'Ann');
    await joinRoom(bob, e2e.server.url, code, 'Bob');
    await bob.getByTestId('ready').tap();
    await expect.poll(() => ann.getByTestId('start').isEnabled()).toBe(true);
    await ann.getByTestId('start').click();
    for (const page of [ann, bob]) await page.getByTestId('race').waitFor({ timeout: 15_000 });
    // The countdown's seconds, then go — on both screens.
    for (const page of [ann, bob]) {
      const sounds = await cues(page);
      expect(sounds.filter((c) => c === 'tick').length).toBeGreaterThanOrEqual(1);
      await expect.poll(() => cues(page)).toContain('go');
      expect(sounds.indexOf('tick')).toBeLessThan((await cues(page)).indexOf('go'));
    }

    // A wrong digit on the phone: the buzz and a vibration.
    const { solution, blanks } = await readPuzzle(bob);
    const [first, second] = blanks;
    await typeDigit(bob, first!, (Number(solution[first!]) % 9) + 1);
    await expect.poll(() => heard(bob)).toContainEqual({ cue: 'wrong', muted: false });
    expect(await vibrations(bob)).toEqual([[70]]);

    // Muted, the switch survives a reload: cues are still told (muted), nothing sounds or shakes.
    await bob.getByTestId('sound-toggle').tap();
    expect(await bob.getByTestId('sound-toggle').getAttribute('aria-pressed')).toBe('true');
    await bob.reload();
    await bob.getByTestId('race').waitFor({ timeout: 15_000 });
    expect(await bob.getByTestId('sound-toggle').getAttribute('aria-pressed')).toBe('true');
    await typeDigit(bob, second!, (Number(solution[second!]) % 9) + 1);
    await expect.poll(() => heard(bob)).toContainEqual({ cue: 'wrong', muted: true });
    expect(await vibrations(bob)).toEqual([]);

    // Bob finishes: his own cue (muted), the others' crowd cue on Ann's screen.
    for (const cell of blanks) await typeDigit(bob, cell, Number(solution[cell]));
    await expect.poll(() => heard(bob)).toContainEqual({ cue: 'finish', muted: true });
    await expect.poll(() => heard(ann)).toContainEqual({ cue: 'playerFinished', muted: false });
    expect(await cues(ann)).not.toContain('finish');

    // Ann gives up: the race is over, the podium plays.
    await ann.getByTestId('forfeit').click();
    await ann.getByTestId('forfeit-confirmed').click();
    await expect.poll(() => cues(ann), { timeout: 15_000 }).toContain('podium');
    await expect.poll(() => cues(bob)).toContain('podium');

    // Bob shares his result: through the phone's share sheet, a few lines with the link.
    await bob.getByTestId('share-race').tap();
    const shared = () => bob.evaluate(() => (window as unknown as Spied).__shared);
    await expect.poll(shared).toHaveLength(1);
    expect((await shared())[0]).toMatch(
      new RegExp(
        `^Percent race · Percent, \\w+\n🥇 1st of 2 · \\d+:\\d\\d · 2 mistakes\n(🟩🟩🟩\n){2}🟩🟩🟩\n${e2e.server.url}/race/[\\w-]+$`,
      ),
    );
  }, 120_000);
});
