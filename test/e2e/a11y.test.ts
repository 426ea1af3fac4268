/// <reference lib="dom" />
/**
 * Accessibility in the browser. axe-core checks every screen of a room — home, lobby, race,
 * spectate, the TV view, results, solo; the room plays two teams with head starts as a round
 * of an evening, so their parts are on those screens — on a desktop in light, dark and Chinese and on a phone
 * (light English, dark Chinese), and must find nothing (the other pages: a11y-pages.test.ts).
 * Then what a keyboard and screen-reader user relies on: focus lands on each new screen's
 * heading (the join form's nickname field, the race's board), and the live region says the
 * countdown, your verdicts with the mistake count, finishes with places and the race's end.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import {
  createRoom,
  hasChromium,
  joinRoom,
  readPuzzle,
  screenshot,
  typeDigit,
  useE2eSession,
  type E2eSession,
} from './harness.ts';

type Scheme = 'light' | 'dark';
type Lang = 'en' | 'zh';
type Device = 'phone' | 'desktop';
interface Look {
  readonly scheme: Scheme;
  readonly lang: Lang;
  readonly device: Device;
}

/** Runs axe on the page; a failure lists each violation's id, impact and nodes. */
async function expectClean(page: Page, screen: string, run: Look) {
  await page.evaluate(() => document.fonts.ready);
  // axe reads colours as painted: a podium still fading in fails contrast on a slow machine.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const name = `a11y-${screen}-${run.device}-${run.scheme}-${run.lang}`;
  await screenshot(page, name);
  expect(await axeViolations(page), `axe on ${name}`).toEqual([]);
}

async function newPage(e2e: E2eSession, look: Look): Promise<Page> {
  const phone = look.device === 'phone';
  const page = await e2e.newPage({
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    colorScheme: look.scheme,
    isMobile: phone,
    hasTouch: phone,
  });
  await page.addInitScript((l) => localStorage.setItem('percent.lang', l), look.lang);
  return page;
}

/** The room's race for two in its Chinese or English look: every screen axe must see. */
async function everyScreen(e2e: E2eSession, run: Look) {
  const [ann, bob, tv] = [
    await newPage(e2e, run),
    await newPage(e2e, run),
    await newPage(e2e, run),
  ];
  await ann.goto(`${e2e.server.url}/`);
  await expectClean(ann, 'home', run);
  const code = await createRoom(ann, e2e.server.url, 'Ann');
  await joinRoom(bob, e2e.server.url, code, 'Bob');
  await ann.locator('select[name="spectatorDigits"]').selectOption('live');
  // The other ways to play on the same screens: two teams, head starts, an evening of rounds.
  await ann.locator('select[name="teams"]').selectOption('2');
  await ann.getByTestId('handicap-setting').check();
  await ann.getByTestId('evening-start').click();
  await ann.getByTestId('evening').waitFor();
  await ann.getByTestId('lobby-teams').waitFor();
  await bob.getByTestId('ready').click();
  await expect.poll(() => ann.getByTestId('start').isEnabled()).toBe(true);
  await ann.locator('.lobby-qr svg').waitFor();
  await expectClean(ann, 'lobby', run);

  await ann.getByTestId('start').click();
  await Promise.all([ann, bob].map((p) => p.getByTestId('race').waitFor({ timeout: 15_000 })));
  const { solution, blanks } = await readPuzzle(ann);
  const first = blanks[0]!;
  await typeDigit(bob, first, (Number(solution[first]) % 9) + 1);
  await bob.locator(`[data-cell="${first}"] text.verdict-wrong`).waitFor();
  for (const cell of blanks.slice(1, 10)) await typeDigit(bob, cell, Number(solution[cell]));
  await bob.locator(`[data-cell="${blanks[9]}"] text.verdict-confirmed`).waitFor();
  await expectClean(bob, 'race', run);

  await tv.goto(`${e2e.server.url}/r/${code}?watch=1`);
  await tv.locator('.spectate-card .board').first().waitFor();
  await expectClean(tv, 'spectate', run);
  await tv.goto(`${e2e.server.url}/r/${code}?tv=1`);
  await tv.getByTestId('tv').waitFor();
  await expectClean(tv, 'tv', run);
  // The TV makes the page under it inert, but not the live regions; it takes the focus itself.
  const regionsInert = () =>
    tv.evaluate(() => document.querySelector('[data-live-regions]')?.closest('[inert]') != null);
  expect(await regionsInert()).toBe(false);
  await expect
    .poll(() => tv.evaluate(() => document.activeElement?.getAttribute('data-testid')))
    .toBe('tv');

  // Ann's team (herself) is complete when she finishes: the team race ends there.
  for (const cell of blanks) await typeDigit(ann, cell, Number(solution[cell]));
  await bob.getByTestId('results').waitFor();
  await bob.getByTestId('team-results').waitFor();
  await bob.locator('.results .board').first().waitFor();
  await expectClean(bob, 'results', run);

  await ann.goto(`${e2e.server.url}/solo`);
  await ann.locator('.solo [data-cell]').first().waitFor({ timeout: 20_000 });
  await expectClean(ann, 'solo', run);
}

describe.skipIf(!hasChromium)('accessibility', () => {
  const e2e = useE2eSession();

  // Every look of the other pages is in a11y-pages.test.ts; the room's screens in five.
  for (const run of [
    { scheme: 'light', lang: 'en', device: 'desktop' },
    { scheme: 'dark', lang: 'en', device: 'desktop' },
    { scheme: 'light', lang: 'zh', device: 'desktop' },
    { scheme: 'light', lang: 'en', device: 'phone' },
    { scheme: 'dark', lang: 'zh', device: 'phone' },
  ] as const)
    it(`axe-core finds nothing on any screen (${run.device}, ${run.scheme}, ${run.lang})`, async () => {
      await everyScreen(e2e, run);
    }, 120_000);

  it('moves focus to each new screen and says what happens in the race', async () => {
    const focused = (page: Page) =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el?.getAttribute('data-testid') ?? el?.getAttribute('name') ?? el?.tagName;
      });
    const said = (page: Page, politeness = 'polite') =>
      page.getByTestId(`announcer-${politeness}`).textContent();
    const ann = await e2e.newPage();
    await ann.goto(`${e2e.server.url}/`);
    await expect.poll(() => focused(ann)).toBe('H1');
    const code = await createRoom(ann, e2e.server.url, 'Ann');
    await expect.poll(() => focused(ann)).toBe('room-heading');
    expect(await ann.getByTestId('room-heading').textContent()).toBe(`Room ${code} · lobby`);

    // The join link's form waits for a nickname: its field has focus.
    const bob = await e2e.newPage();
    await bob.goto(`${e2e.server.url}/r/${code}`);
    await bob.getByTestId('entry').waitFor();
    await expect.poll(() => focused(bob)).toBe('nickname');
    await bob.keyboard.type('Bob');
    await bob.keyboard.press('Enter');
    await bob.getByTestId('lobby').waitFor();
    await expect.poll(() => focused(bob)).toBe('room-heading');

    await bob.getByTestId('ready').click();
    await expect.poll(() => ann.getByTestId('start').isEnabled()).toBe(true);
    await ann.getByTestId('start').click();
    await bob.getByTestId('countdown').waitFor();
    await expect.poll(() => focused(bob)).toBe('room-heading');
    await bob.getByTestId('race').waitFor({ timeout: 15_000 });
    // The e2e countdown lasts 1.5 s: "2", "1" politely, then "Go!" interrupting.
    // (Announcements and focus come from effects, run just after the screen is drawn.)
    await expect.poll(() => said(bob, 'assertive')).toBe('Go!');
    expect(await said(bob)).toContain('1');
    await expect
      .poll(() => bob.evaluate(() => document.activeElement?.classList.contains('board')))
      .toBe(true);
    const rows = bob.locator('[data-testid="race"] [role="row"]');
    expect(await rows.count()).toBe(9);
    expect(await rows.nth(2).getAttribute('aria-label')).toBe('Row 3');

    // A wrong digit: where, what, and the mistakes so far.
    const { solution, blanks } = await readPuzzle(bob);
    const cell = blanks[0]!;
    const wrong = (Number(solution[cell]) % 9) + 1;
    await typeDigit(bob, cell, wrong);
    const name = `R${Math.floor(cell / 9) + 1}C${(cell % 9) + 1}`;
    await expect.poll(() => said(bob)).toContain(`${name}: ${wrong} is wrong, 1 mistake`);

    // Ann finishes first: both hear it, each in their own words; the race's end, then results.
    for (const c of blanks) await typeDigit(ann, c, Number(solution[c]));
    await expect.poll(() => said(ann)).toContain('You finished 1st');
    await expect.poll(() => said(bob)).toContain('Ann finished 1st');
    for (const c of blanks) await typeDigit(bob, c, Number(solution[c]));
    await bob.getByTestId('results').waitFor();
    await expect.poll(() => said(bob)).toContain('The race is over. Everyone is done.');
    expect(await said(bob)).toContain('You finished 2nd');
    await expect.poll(() => focused(bob)).toBe('room-heading');
    expect(await bob.getByTestId('room-heading').textContent()).toBe(`Room ${code} · results`);

    // Every page has one h1, focused when the page opens.
    await bob.locator('a[href="/solo"]').first().click();
    await bob.locator('.solo [data-cell]').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => focused(bob)).toBe('H1');
    expect(await bob.locator('h1').allTextContents()).toEqual(['Solo']);
  }, 120_000);
});
