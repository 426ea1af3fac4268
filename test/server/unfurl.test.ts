/**
 * Shared links unfurl (issue 22): `/race/ID` and `/daily/DAY/VARIANT` carry Open Graph tags
 * naming a PNG of the board; the daily's image shows the givens only (never the solution).
 */
import type { RaceView, RoomView } from '@percent/protocol';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  blanksOf,
  expectOk,
  solveGivens,
  startRace,
  twoPlayerLobby,
  useTestServer,
} from './harness.ts';

const clientDir = mkdtempSync(join(tmpdir(), 'percent-unfurl-'));
writeFileSync(
  join(clientDir, 'index.html'),
  '<!doctype html><html><head><title>Percent</title></head><body></body></html>',
);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
const server = useTestServer({
  clientDir,
  rateLimit: { burst: 500, perSecond: 500, tooMany: 1000 }, // a bot's burst of moves
});

const metaOf = (html: string, property: string): string | undefined =>
  new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];

async function png(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/png');
  const body = Buffer.from(await response.arrayBuffer());
  expect([...body.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
  return body;
}

describe('unfurled links', () => {
  it('gives a finished race a title, a description and an image of the winner’s board', async () => {
    const { ann, bob } = await twoPlayerLobby(server.url);
    const puzzle = await startRace(ann, bob);
    const solution = solveGivens(puzzle);
    for (const [i, cell] of blanksOf(puzzle).entries())
      expectOk(
        await bob.call('race:move', { moveId: `b${i}`, cell, digit: Number(solution[cell]) }),
      );
    expectOk(await ann.call('race:forfeit', {}));
    const end: RoomView = await ann.state((v) => v.phase === 'finished');
    const race = end.race as RaceView;
    const html = await (await fetch(`${server.url}/race/${race.id}`)).text();
    expect(html).toContain('<title>Percent race · Percent sudoku, Easy</title>');
    expect(metaOf(html, 'og:title')).toBe('Percent race · Percent sudoku, Easy');
    expect(metaOf(html, 'og:description')).toMatch(/^2 players · 1\. Bob {2}\d+:\d\d · – Ann$/);
    expect(metaOf(html, 'og:image')).toBe(`${server.url}/og/race/${race.id}.png`);
    expect((await png(metaOf(html, 'og:image')!)).length).toBeGreaterThan(5000);
    // An unknown race is the plain page (the client says it is not found).
    const unknown = await (await fetch(`${server.url}/race/no-such-race-1`)).text();
    expect(metaOf(unknown, 'og:title')).toBeUndefined();
    expect((await fetch(`${server.url}/og/race/no-such-race-1.png`)).status).toBe(404);
    for (const c of [ann, bob]) c.close();
  });

  it('gives a daily its day and an image of the givens, never the solution', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const html = await (await fetch(`${server.url}/daily/${day}/x`)).text();
    expect(metaOf(html, 'og:title')).toBe(`Percent daily · Sudoku X · ${day}`);
    expect(metaOf(html, 'og:image')).toBe(`${server.url}/og/daily/${day}/x.png`);
    await png(metaOf(html, 'og:image')!);
    expect(html).not.toMatch(/[1-9]{81}/);
    expect((await fetch(`${server.url}/og/daily/${day}/nope.png`)).status).toBe(404);
  });
});
