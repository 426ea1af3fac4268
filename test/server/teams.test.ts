/**
 * Team races over real sockets, as a cheater would try them: only the host moves players
 * between teams or balances them (a forged team index is refused naming the field); a team's
 * progress comes from the server — in the mover's ack and in the others' `race:progress` —
 * the race ends when the first team is complete, and the stored race and the device's history
 * say where each team came.
 */
import type { HistoryEntryView, ProgressBatch, RaceRecordView, SeatReply } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import {
  blanksOf,
  connect,
  expectOk,
  newDeviceId,
  solveGivens,
  startRace,
  twoPlayerLobby,
  useTestServer,
} from './harness.ts';

const server = useTestServer({ rateLimit: { burst: 500, perSecond: 500, tooMany: 100 } });

describe('team races over the socket', () => {
  it('lets only the host change teams, refuses forged ones, and ends with the first team complete', async () => {
    const { ann, bob, annSeat, bobSeat, annDevice } = await twoPlayerLobby(server.url);
    expect(await ann.call('team:balance', {})).toMatchObject({
      ok: false,
      error: { code: 'WRONG_PHASE' }, // teams are off
    });
    expectOk(await ann.call('room:settings', { settings: { teams: 2 } }));
    const split = await bob.state((v) => v.settings.teams === 2);
    expect(split.players.map((p) => [p.nickname, p.team])).toEqual([
      ['Ann', 0],
      ['Bob', 1],
    ]);
    expect(split.you.can.teams).toBe(false);
    expect(await bob.call('team:set', { playerId: bobSeat.playerId, team: 0 })).toMatchObject({
      ok: false,
      error: { code: 'NOT_HOST' },
    });
    expect(await bob.call('team:balance', {})).toMatchObject({
      ok: false,
      error: { code: 'NOT_HOST' },
    });
    const forged = await ann.call('team:set', { playerId: bobSeat.playerId, team: 7 });
    expect(forged).toMatchObject({ ok: false, error: { code: 'BAD_PAYLOAD' } });
    expect(!forged.ok && forged.error.message).toMatch(/^team:set: team: /);
    const beyond = await ann.call('team:set', { playerId: bobSeat.playerId, team: 2 });
    expect(!beyond.ok && beyond.error.message).toBe('team:set: team: the room has 2 teams (0–1)');
    // Both on one team: the other has nobody, and the start says so.
    expectOk(await ann.call('team:set', { playerId: bobSeat.playerId, team: 0 }));
    expectOk(await bob.call('room:ready', { ready: true }));
    expect(await ann.call('race:start')).toMatchObject({
      ok: false,
      error: { code: 'TEAM_EMPTY', message: 'team 2 has no player: move one in, or balance' },
    });
    expectOk(await ann.call('team:balance', {}));
    await bob.state((v) => v.players.every((p, i) => p.team === i));

    const puzzle = await startRace(ann, bob);
    const solution = solveGivens(puzzle);
    const [first, ...rest] = blanksOf(puzzle);
    const ack = expectOk<{ team: unknown }>(
      await ann.call('race:move', { moveId: 'a0', cell: first!, digit: Number(solution[first!]) }),
    );
    expect(ack.team).toMatchObject({ team: 0, filled: 1, finished: 0, complete: false });
    await expect
      .poll(() =>
        bob.received
          .filter((r) => r.event === 'race:progress')
          .flatMap((r) => (r.payload as ProgressBatch).events.map((e) => e.team?.filled)),
      )
      .toEqual([1]);
    const finished = bob.state((v) => v.phase === 'finished', 30_000);
    for (const cell of rest)
      expectOk(
        await ann.call('race:move', { moveId: `a${cell}`, cell, digit: Number(solution[cell]) }),
      );
    // Ann's team is complete: the race ends at once, Bob still racing is stopped.
    const ended = await finished;
    expect(ended.race?.teams?.map((t) => [t.team, t.place, t.complete])).toEqual([
      [0, 1, true],
      [1, 2, false],
    ]);
    expect(ended.race?.standings?.map((s) => [s.nickname, s.outcome, s.team])).toEqual([
      ['Ann', 'finished', 0],
      ['Bob', 'ended', 1],
    ]);
    const stored = (await (await fetch(`${server.url}/api/races/${ended.race!.id}`)).json()) as {
      race: RaceRecordView;
    };
    expect(stored.race.players.map((p) => [p.nickname, p.team, p.teamPlace, p.colour])).toEqual([
      ['Ann', 0, 1, 0],
      ['Bob', 1, 2, 1],
    ]);
    const history = expectOk<{ entries: HistoryEntryView[] }>(
      await ann.call('history:get', { deviceId: annDevice }),
    );
    expect(history.entries[0]?.teamPlace).toBe(1);
    // A newcomer joins the smaller team.
    const cat = await connect(server.url);
    expectOk(await ann.call('race:rematch', {}));
    expectOk(await ann.call('team:set', { playerId: bobSeat.playerId, team: 0 }));
    const seat = expectOk<SeatReply>(
      await cat.call('room:join', {
        code: annSeat.view.code,
        nickname: 'Cat',
        deviceId: newDeviceId(),
      }),
    );
    expect(seat.view.players.find((p) => p.nickname === 'Cat')?.team).toBe(1);
    for (const client of [ann, bob, cat]) client.close();
  }, 60_000);
});
