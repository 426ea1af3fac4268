/// <reference lib="dom" />
/**
 * axe-core on every page a link can open, in light and dark, in English and 中文, on a phone
 * (390×844) and a desktop (1280×900): 8 looks of home, a join link's form, solo with a puzzle,
 * the SAT lab, the daily overview, a day's leaderboard, a daily being played, a finished
 * race's replay, an evening's page (`/tournament/ID`) and the not-found page. The room's own screens (lobby, race, spectate, TV,
 * results) are walked in a11y.test.ts. Each look is screenshotted (test/artifacts/screenshots).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  blanksOf,
  connect,
  expectOk,
  finishedRace,
  solveGivens,
  startRace,
  twoPlayerLobby,
} from '../server/harness.ts';
import { axeViolations } from './axe.ts';
import { hasChromium, screenshot, useE2eSession, type E2eSession } from './harness.ts';

type Scheme = 'light' | 'dark';
type Lang = 'en' | 'zh';
type Device = 'phone' | 'desktop';

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;

interface Stop {
  readonly name: string;
  readonly path: string;
  /** What shows once the page is ready to be checked. */
  readonly ready: string;
  /** Steps after `ready` (the daily's Start). */
  readonly then?: (page: Page) => Promise<void>;
}

/** A room waiting in its lobby (its host a socket bot): the join link's form. */
async function openRoom(url: string): Promise<string> {
  const host = await connect(url);
  const seat = expectOk<{ view: { code: string } }>(
    await host.call('room:create', { nickname: 'Hana', deviceId: `device-a11y-${Date.now()}` }),
  );
  return seat.view.code;
}

/** An evening's page with one round stored (socket bots race it): its path. */
async function storedEvening(url: string): Promise<string> {
  const { ann, bob } = await twoPlayerLobby(url);
  expectOk(await ann.call('tournament:start', { rounds: 3 }));
  const puzzle = await startRace(ann, bob);
  const solution = solveGivens(puzzle);
  const finished = ann.state((v) => v.phase === 'finished', 30_000);
  for (const [n, player] of [ann, bob].entries())
    for (const cell of blanksOf(puzzle))
      expectOk(
        await player.call('race:move', {
          moveId: `e${n}-${cell}`,
          cell,
          digit: Number(solution[cell]),
        }),
      );
  const link = (await finished).tournament!.link;
  for (const player of [ann, bob]) player.close();
  return link;
}

async function stops(e2e: E2eSession): Promise<Stop[]> {
  const url = e2e.server.url;
  const index = (await (await fetch(`${url}/api/daily`)).json()) as { today: string };
  const day = `/daily/${index.today}/percent`;
  return [
    { name: 'home', path: '/', ready: '[data-testid="daily-card"] .daily-variants' },
    { name: 'join', path: `/r/${await openRoom(url)}`, ready: '[data-testid="entry"]' },
    { name: 'solo', path: '/solo', ready: '.solo [data-cell]' },
    { name: 'lab', path: '/lab', ready: '[data-testid="lab"]' },
    { name: 'daily', path: '/daily', ready: '[data-testid="daily-percent"]' },
    { name: 'daily-day', path: day, ready: '[data-testid="daily-leaderboard"], .daily .muted' },
    {
      name: 'daily-play',
      path: `${day}/play`,
      ready: '[data-testid="daily-start"]',
      then: async (page) => {
        await page.locator('.daily-start input[name="nickname"]').fill('Ada');
        await page.getByTestId('daily-start').click();
        await page.locator('.daily-play [data-cell]').first().waitFor();
      },
    },
    {
      name: 'replay',
      path: `/race/${await finishedRace(url)}`,
      ready: '[data-testid="replay"][data-state="ready"]',
    },
    {
      name: 'evening',
      path: await storedEvening(url),
      ready: '[data-testid="evening-page"][data-state="ready"]',
    },
    { name: 'not-found', path: '/nowhere/at/all', ready: 'main.page-notFound' },
  ];
}

/** Waits for fonts and finite animations: axe reads colours as painted. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

describe.skipIf(!hasChromium)('accessibility of every page', () => {
  const e2e = useE2eSession();

  const looks: { device: Device; scheme: Scheme; lang: Lang }[] = [];
  for (const device of ['phone', 'desktop'] as const)
    for (const scheme of ['light', 'dark'] as const)
      for (const lang of ['en', 'zh'] as const) looks.push({ device, scheme, lang });

  it('axe-core finds nothing on any page, in any of the 8 looks', async () => {
    const pages = await stops(e2e);
    const found: string[] = [];
    for (const look of looks) {
      const page = await e2e.newPage({
        viewport: VIEWPORTS[look.device],
        colorScheme: look.scheme,
        isMobile: look.device === 'phone',
        hasTouch: look.device === 'phone',
      });
      await page.addInitScript((l) => localStorage.setItem('percent.lang', l), look.lang);
      for (const stop of pages) {
        await page.goto(`${e2e.server.url}${stop.path}`);
        await page.locator(stop.ready).first().waitFor({ timeout: 20_000 });
        await stop.then?.(page);
        await settle(page);
        const name = `a11y-page-${stop.name}-${look.device}-${look.scheme}-${look.lang}`;
        await screenshot(page, name);
        for (const violation of await axeViolations(page)) found.push(`${name}: ${violation}`);
      }
      await page.context().close();
    }
    expect(found).toEqual([]);
  }, 600_000);
});
