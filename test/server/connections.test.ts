import type { MoveReply, SeatReply } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import {
  blanksOf,
  connect,
  expectOk,
  newDeviceId,
  rejoin,
  solveGivens,
  startRace,
  twoPlayerLobby,
  useTestServer,
} from './harness.ts';

const server = useTestServer({
  timings: { countdownMs: 50, graceMs: 1500 },
});

describe('connections', () => {
  it('gives a dropped player the seat back with a full snapshot; others see "reconnecting"', async () => {
    const { ann, bob, bobSeat, bobDevice } = await twoPlayerLobby(server.url);
    const code = bobSeat.view.code;
    const puzzle = await startRace(ann, bob);
    const solution = solveGivens(puzzle);
    const cell = blanksOf(puzzle)[0]!;
    const move = { moveId: 'bob-1', cell, digit: Number(solution[cell]) };
    expectOk(await bob.call('race:move', move));

    const away = ann.state((v) => v.players[1]?.connection === 'reconnecting');
    bob.close();
    await away;

    const onlooker = await connect(server.url);
    // Bob's device may watch on another connection, as anyone may (no oracle of who races).
    const watching = expectOk<SeatReply>(
      await onlooker.call('room:spectate', { code, deviceId: bobDevice }),
    );
    expect(watching.role).toBe('spectator');
    expectOk(await onlooker.call('room:leave', {}));
    const late = expectOk<SeatReply>(
      await onlooker.call('room:join', { code, nickname: 'Cy', deviceId: newDeviceId() }),
    );
    expect(late.role).toBe('spectator'); // a link opened mid-race watches

    const back = await connect(server.url);
    const online = ann.state((v) => v.players[1]?.connection === 'online');
    const seat = await rejoin(back, bobSeat, 'Bob', bobDevice);
    expect(seat).toMatchObject({ role: 'player', playerId: bobSeat.playerId });
    expect(seat.view.race!.own![cell]).toBe(solution[cell]);
    expect(seat.view.players[1]!.race!.progress.filled).toBe(1);
    await online;
    const repeated = expectOk<SeatReply>(
      await back.call('room:join', { code, nickname: 'Bob', deviceId: bobDevice }),
    );
    expect(repeated).toMatchObject({
      playerId: bobSeat.playerId,
      sessionToken: bobSeat.sessionToken,
    });
    const retry = expectOk<MoveReply>(await back.call('race:move', move));
    expect(retry).toMatchObject({ duplicate: true, progress: { filled: 1 } });

    // The same token from a second tab takes the seat over.
    const tab = await connect(server.url);
    const ended = new Promise((resolve) => back.socket.once('session:ended', resolve));
    await rejoin(tab, bobSeat, 'Bob', bobDevice);
    expect(await ended).toMatchObject({ reason: 'replaced' });
    for (const c of [ann, bob, onlooker, back, tab]) c.close();
  });

  it('releases the seat after the grace period: the racer counts as left', async () => {
    const { ann, bob, bobSeat } = await twoPlayerLobby(server.url);
    await startRace(ann, bob);
    bob.close();
    const left = await ann.state((v) => v.players.length === 1, 5000);
    expect(left.players.map((p) => p.nickname)).toEqual(['Ann']);
    const again = await connect(server.url);
    const seat = await rejoin(again, bobSeat, 'Bob', newDeviceId());
    expect(seat.role).toBe('spectator'); // the old token holds nothing any more
    for (const c of [ann, again]) c.close();
  });

  it('passes the host role on when the host leaves, and lets the host kick', async () => {
    const { ann, bob, bobSeat } = await twoPlayerLobby(server.url);
    const cy = await connect(server.url);
    const cySeat = expectOk<SeatReply>(
      await cy.call('room:join', {
        code: bobSeat.view.code,
        nickname: 'Cy',
        deviceId: newDeviceId(),
      }),
    );
    const bobHosts = bob.state((v) => v.hostId === bobSeat.playerId);
    expectOk(await ann.call('room:leave'));
    const view = await bobHosts;
    expect(view.players.map((p) => [p.nickname, p.host])).toEqual([
      ['Bob', true],
      ['Cy', false],
    ]);
    expect(await cy.call('room:kick', { playerId: bobSeat.playerId })).toMatchObject({
      ok: false,
      error: { code: 'NOT_HOST' },
    });
    const kicked = new Promise((resolve) => cy.socket.once('session:ended', resolve));
    expectOk(await bob.call('room:kick', { playerId: cySeat.playerId }));
    expect(await kicked).toMatchObject({ reason: 'kicked' });
    expect(await cy.call('room:ready', { ready: true })).toMatchObject({
      ok: false,
      error: { code: 'NOT_IN_ROOM' },
    });
    for (const c of [ann, bob, cy]) c.close();
  });
});
