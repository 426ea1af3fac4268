/**
 * A solver bot's finish is flagged, not ranked and not rated (issue 21): the server times every
 * digit, and right digits placed a median of 0.5 s apart or faster are no person's.
 */
import type { RoomView } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import {
  blanksOf,
  expectOk,
  solveGivens,
  startRace,
  twoPlayerLobby,
  useTestServer,
} from './harness.ts';

const server = useTestServer({
  timings: { countdownMs: 50, graceMs: 2000, humanFloorMs: 500 },
  rateLimit: { burst: 500, perSecond: 500, tooMany: 1000 }, // a bot's burst of moves
});

describe('a finish too fast to be human', () => {
  it('shows the bot with no place and no rating change, and the race ranks the rest', async () => {
    const { ann, bob } = await twoPlayerLobby(server.url);
    expectOk(await bob.call('room:ready', { ready: true }));
    const puzzle = await startRace(ann, bob);
    const solution = solveGivens(puzzle);
    for (const [i, cell] of blanksOf(puzzle).entries()) {
      expectOk(
        await bob.call('race:move', { moveId: `bot-${i}`, cell, digit: Number(solution[cell]) }),
      );
    }
    expectOk(await ann.call('race:forfeit', {}));
    const end: RoomView = await ann.state((v) => v.phase === 'finished');
    const standings = end.race!.standings!;
    expect(standings.map((s) => [s.nickname, s.outcome, s.place, s.flag, s.rating])).toEqual([
      ['Bob', 'finished', null, 'tooFast', null],
      ['Ann', 'forfeited', null, null, null],
    ]);
    expect(end.race!.rated).toBe(false);
    // The stored race keeps the flag: its replay says why the finish has no place.
    const stored = (await (await fetch(`${server.url}/api/races/${end.race!.id}`)).json()) as {
      race: { players: { nickname: string; place: number | null; flag: string | null }[] };
    };
    expect(stored.race.players.map((p) => [p.nickname, p.place, p.flag])).toEqual([
      ['Bob', null, 'tooFast'],
      ['Ann', null, null],
    ]);
    for (const c of [ann, bob]) c.close();
  });
});
