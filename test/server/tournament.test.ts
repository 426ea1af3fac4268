/**
 * `tournament:start` / `tournament:end` over real sockets, as a cheater would try them: a
 * non-host cannot plan or end an evening, forged payloads are refused naming the field, a
 * second evening cannot be started over one that is on (nor one ended mid-race), a round's points come from the
 * server's judging alone, and the stored evening (`GET /api/tournaments/:id`) matches the room.
 */
import { API_SCHEMAS, type RoomView } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import {
  blanksOf,
  connect,
  expectOk,
  solveGivens,
  startRace,
  twoPlayerLobby,
  useTestServer,
} from './harness.ts';

const server = useTestServer({ rateLimit: { burst: 500, perSecond: 500, tooMany: 100 } });

describe('tournaments over the socket', () => {
  it('lets only the host plan and end an evening, and refuses forged payloads', async () => {
    const { ann, bob, annSeat } = await twoPlayerLobby(server.url);
    expect(await bob.call('tournament:start', { rounds: 3 })).toMatchObject({
      ok: false,
      error: { code: 'NOT_HOST' },
    });
    for (const [payload, field] of [
      [{ rounds: 1 }, 'rounds'],
      [{ rounds: 21 }, 'rounds'],
      [{ rounds: 2.5 }, 'rounds'],
      [{ rounds: '3' }, 'rounds'],
      [{}, 'rounds'],
    ] as const) {
      const reply = await ann.call('tournament:start', payload);
      expect(reply).toMatchObject({ ok: false, error: { code: 'BAD_PAYLOAD' } });
      expect(!reply.ok && reply.error.message).toMatch(new RegExp(`^tournament:start: ${field}: `));
    }
    const stranger = await connect(server.url);
    expect(await stranger.call('tournament:start', { rounds: 3 })).toMatchObject({
      ok: false,
      error: { code: 'NOT_IN_ROOM' },
    });
    // One evening at a time: a second start is refused, the first one stands.
    expectOk(await ann.call('tournament:start', { rounds: 2 }));
    expect(await ann.call('tournament:start', { rounds: 5 })).toMatchObject({
      ok: false,
      error: { code: 'WRONG_PHASE' },
    });
    const seen = await bob.state((v) => v.tournament !== null);
    expect(seen.tournament).toMatchObject({ rounds: 2, played: 0, over: false, standings: [] });
    expect(seen.you.can).toMatchObject({ startTournament: false, endTournament: false });
    expect(await bob.call('tournament:end', {})).toMatchObject({
      ok: false,
      error: { code: 'NOT_HOST' },
    });
    // Ended before any round: nothing to keep.
    expectOk(await ann.call('tournament:end', {}));
    await bob.state((v) => v.tournament === null);
    const missing = await fetch(`${server.url}/api/tournaments/${seen.tournament!.id}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      ok: false,
      error: { code: 'TOURNAMENT_NOT_FOUND' },
    });
    expect(annSeat.view.you.can.startTournament).toBe(true);
    for (const client of [ann, bob, stranger]) client.close();
  }, 30_000);

  it('scores rounds from the server’s judging only and stores the evening as the room showed it', async () => {
    const { ann, bob } = await twoPlayerLobby(server.url);
    expectOk(await ann.call('tournament:start', { rounds: 2 }));
    let last: RoomView | undefined;
    for (const round of [1, 2]) {
      if (round === 2) {
        expectOk(await ann.call('race:rematch', {}));
        await bob.state((v) => v.phase === 'lobby');
        expectOk(await bob.call('room:ready', { ready: true }));
      }
      const puzzle = await startRace(ann, bob);
      // Mid-race the evening says which round is on, and a forged end is refused.
      const racing = await bob.state((v) => v.phase === 'racing');
      expect(racing.tournament).toMatchObject({ current: round, played: round - 1 });
      expect(await ann.call('tournament:end', {})).toMatchObject({
        ok: false,
        error: { code: 'WRONG_PHASE' },
      });
      const solution = solveGivens(puzzle);
      const finished = ann.state((v) => v.phase === 'finished' && v.race?.id !== last?.race?.id);
      // Round 1 Bob first, round 2 Ann first: the order the server judged, nothing else.
      const order = round === 1 ? [bob, ann] : [ann, bob];
      for (const [n, player] of order.entries())
        for (const cell of blanksOf(puzzle))
          expectOk(
            await player.call('race:move', {
              moveId: `r${round}-${n}-${cell}`,
              cell,
              digit: Number(solution[cell]),
            }),
          );
      last = await finished;
    }
    const evening = last!.tournament!;
    expect(evening).toMatchObject({ played: 2, over: true, current: null });
    expect(evening.standings.map((s) => [s.place, s.nickname, s.points, s.rounds])).toEqual([
      [1, 'Bob', 19, [11, 8]], // level: one place, in the order they first scored
      [1, 'Ann', 19, [8, 11]],
    ]);
    const answer = await fetch(
      `${server.url}/api${evening.link}`.replace('/tournament/', '/tournaments/'),
    );
    const body = await answer.json();
    expect(API_SCHEMAS.tournament.safeParse(body).success).toBe(true);
    expect(body.tournament.standings.map((s: { points: number }) => s.points)).toEqual([19, 19]);
    expect(body.tournament.races.map((r: { round: number }) => r.round)).toEqual([1, 2]);
    expect(body.tournament.complete).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/device/i);
    const race = await (await fetch(`${server.url}/api/races/${last!.race!.id}`)).json();
    expect(race.race.tournament).toEqual({ id: evening.id, round: 2, rounds: 2 });
    ann.close();
    bob.close();
  }, 60_000);
});
