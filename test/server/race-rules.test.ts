import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RoomView, SeatReply } from '@percent/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import {
  blanksOf,
  connect,
  expectOk,
  newDeviceId,
  rejoin,
  solveGivens,
  startRace,
  startTestServer,
  twoPlayerLobby,
  useTestServer,
} from './harness.ts';

const server = useTestServer();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const statusOf = (view: RoomView, nickname: string) =>
  view.players.find((p) => p.nickname === nickname)?.race?.status;

describe('giving up over the socket', () => {
  it('puts the player out as forfeited, keeps them in the room, and ends the race with the last', async () => {
    const { ann, bob } = await twoPlayerLobby(server.url);
    const puzzle = await startRace(ann, bob);
    const solution = solveGivens(puzzle);
    const cell = blanksOf(puzzle)[0]!;
    expectOk(await bob.call('race:move', { moveId: 'b1', cell, digit: Number(solution[cell]) }));
    const seen = ann.state((v) => statusOf(v, 'Bob') === 'forfeited');
    expect(await bob.call('race:forfeit', {})).toEqual({ ok: true });
    const annView = await seen;
    expect(annView.phase).toBe('racing');
    expect(annView.race!.boards).toBeNull();
    expect(await bob.call('race:forfeit', {})).toMatchObject({
      ok: false,
      error: { code: 'NOT_RACING' },
    });
    // Bob stays: he sees the race go on and its end.
    const ended = bob.state((v) => v.phase === 'finished');
    expectOk(await ann.call('race:forfeit'));
    const standings = (await ended).race!.standings!;
    expect(standings.map((s) => [s.nickname, s.outcome])).toEqual([
      ['Bob', 'forfeited'],
      ['Ann', 'forfeited'],
    ]);
    // No digit of Bob's ever reached Ann before the end.
    const before = ann.received.filter(
      (r) => r.event !== 'room:state' || (r.payload as RoomView).phase !== 'finished',
    );
    expect(JSON.stringify(before)).not.toContain(`"board":"`);
    ann.close();
    bob.close();
  });
});

describe('a host on a TV who sits races out', () => {
  it('creates the room without playing, needs a player to start, and watches as spectators do', async () => {
    const tv = await connect(server.url);
    const created = expectOk<SeatReply>(
      await tv.call('room:create', {
        nickname: 'TV',
        deviceId: newDeviceId(),
        plays: false,
        settings: { spectatorDigits: { kind: 'live' } },
      }),
    );
    expect(created.view.players).toMatchObject([{ nickname: 'TV', host: true, plays: false }]);
    expect(await tv.call('race:start')).toMatchObject({
      ok: false,
      error: { code: 'NO_PLAYERS' },
    });
    const ann = await connect(server.url);
    const code = created.view.code;
    expectOk(await ann.call('room:join', { code, nickname: 'Ann', deviceId: newDeviceId() }));
    expectOk(await ann.call('room:ready', { ready: true }));
    const puzzle = await startRace(tv, ann);
    const racing = await tv.state((v) => v.phase === 'racing');
    expect(racing.players.map((p) => [p.nickname, p.race?.status ?? null])).toEqual([
      ['TV', null],
      ['Ann', 'racing'],
    ]);
    expect(racing.race!.own).toBeNull();
    const solution = solveGivens(puzzle);
    const cell = blanksOf(puzzle)[0]!;
    const live = new Promise<{ board: string | null }>((resolve) =>
      tv.socket.once('race:progress', (batch) => resolve(batch.events[0]!)),
    );
    expectOk(await ann.call('race:move', { moveId: 'a1', cell, digit: Number(solution[cell]) }));
    expect((await live).board![cell]).toBe(solution[cell]);
    expect(await tv.call('room:play', { plays: true })).toMatchObject({
      ok: false,
      error: { code: 'WRONG_PHASE' },
    });
    const ended = ann.state((v) => v.phase === 'finished');
    expectOk(await tv.call('race:end'));
    expect((await ended).race!.endedBy).toBe('host');
    // One tap "play again": Ann's flag survives the rematch.
    expectOk(await ann.call('room:ready', { ready: true }));
    const lobby = ann.state((v) => v.phase === 'lobby');
    expectOk(await tv.call('race:rematch'));
    const back = await lobby;
    expect(back.players.map((p) => [p.nickname, p.ready])).toEqual([
      ['TV', false],
      ['Ann', true],
    ]);
    expect(back.lastRace).toMatchObject({ endedBy: 'host', standings: [{ nickname: 'Ann' }] });
    tv.close();
    ann.close();
  });
});

describe('a race across a server restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'percent-pause-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('pauses the clock for as long as the server was away', async () => {
    const first = await startTestServer({ memory: false, dataDir });
    const { ann, annSeat, annDevice } = await twoPlayerLobby(first.url);
    await startRace(ann);
    const before = await ann.state((v) => v.phase === 'racing');
    const dropped = new Promise((resolve) => ann.socket.once('disconnect', resolve));
    await first.close();
    await dropped;
    await sleep(1500);
    const second = await startTestServer({ memory: false, dataDir });
    const back = await connect(second.url);
    const seat = await rejoin(back, annSeat, 'Ann', annDevice);
    const race = seat.view.race!;
    expect(race.pausedMs).toBeGreaterThanOrEqual(1500);
    expect(race.pausedMs).toBeLessThan(5000);
    expect(race.startsAt).toBe(before.race!.startsAt + race.pausedMs);
    expect(race.endsAt).toBe(before.race!.endsAt! + race.pausedMs);
    back.close();
    await second.close();
  });
});
