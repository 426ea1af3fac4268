/**
 * Secrets stay secret (issue 21): a racer's second connection sees no opponent's digit,
 * whatever device id it claims; watching answers the same for a racing device as for anyone
 * (no oracle); a device id with a secret kept is nobody else's.
 */
import {
  PROTOCOL_VERSION,
  type ProgressBatch,
  type RoomView,
  type SeatReply,
} from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import { connect, expectOk, newDeviceId, useTestServer, type TestClient } from './harness.ts';

// The server trusts X-Forwarded-For here, so each client can come from an address of its own.
const server = useTestServer({ quotas: { trustProxy: true } });
const from = (address: string) =>
  connect(server.url, { protocol: PROTOCOL_VERSION }, { 'x-forwarded-for': address });

/** Ann (203.0.113.1) hosts a `live` room; Bob (198.51.100.2) joins; the race is on. */
async function liveRace() {
  const ann = await from('203.0.113.1');
  const bob = await from('198.51.100.2');
  const annDevice = newDeviceId();
  const seat = expectOk<SeatReply>(
    await ann.call('room:create', {
      nickname: 'Ann',
      deviceId: annDevice,
      settings: { spectatorDigits: { kind: 'live' } },
    }),
  );
  const code = seat.view.code;
  expectOk(await bob.call('room:join', { code, nickname: 'Bob', deviceId: newDeviceId() }));
  expectOk(await bob.call('room:ready', { ready: true }));
  const racing = bob.state((v) => v.phase === 'racing');
  expectOk(await ann.call('race:start'));
  await racing;
  return { ann, bob, code, annDevice };
}

/** Every board and progress digit a client has received, by player. */
const boardsSeen = (client: TestClient): unknown[] =>
  client.received.flatMap(({ event, payload }): unknown[] => {
    if (event === 'room:state') return [(payload as RoomView).race?.boards].filter(Boolean);
    if (event === 'race:progress')
      return (payload as ProgressBatch).events.map((e) => e.board).filter(Boolean);
    return [];
  });

describe('a racer’s second connection', () => {
  it('sees no boards while the race is on, under any device id; a stranger sees them', async () => {
    const { ann, bob, code, annDevice } = await liveRace();
    const sameId = await from('203.0.113.1');
    const freshId = await from('203.0.113.1');
    const stranger = await from('192.0.2.50');
    const watch = (c: TestClient, deviceId: string) => c.call('room:spectate', { code, deviceId });
    const replies = [
      expectOk<SeatReply>(await watch(sameId, annDevice)),
      expectOk<SeatReply>(await watch(freshId, newDeviceId())),
      expectOk<SeatReply>(await watch(stranger, newDeviceId())),
    ];
    // The same answer for all three (no oracle of who is racing) but the boards.
    expect(replies.map((r) => r.role)).toEqual(['spectator', 'spectator', 'spectator']);
    expect(replies.map((r) => r.view.race!.boards !== null)).toEqual([false, false, true]);
    // Bob plays on: the twins see his progress but never a digit.
    const puzzle = replies[2]!.view.race!.puzzle!;
    const cell = puzzle.indexOf('0');
    for (let digit = 1; digit <= 9; digit++)
      await bob.call('race:move', { moveId: `m${digit}`, cell, digit });
    const deadline = Date.now() + 5000;
    while (boardsSeen(stranger).length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(boardsSeen(sameId)).toEqual([]);
    expect(boardsSeen(freshId)).toEqual([]);
    expect(boardsSeen(stranger).length).toBeGreaterThan(0);
    for (const c of [ann, bob, sameId, freshId, stranger]) c.close();
  });
});

describe('device ids', () => {
  it('are taken only with the secret kept for them: nobody joins as someone else', async () => {
    const owner = await connect(server.url);
    const deviceId = newDeviceId();
    const deviceSecret = 'k'.repeat(24);
    const seat = expectOk<SeatReply>(
      await owner.call('room:create', { nickname: 'Ann', deviceId, deviceSecret }),
    );
    const thief = await connect(server.url);
    const join = { code: seat.view.code, nickname: 'Ann', deviceId };
    for (const attempt of [join, { ...join, deviceSecret: 'x'.repeat(24) }]) {
      const refused = await thief.call('room:join', attempt);
      expect(refused).toMatchObject({ ok: false, error: { code: 'DEVICE_NOT_YOURS' } });
    }
    const history = await thief.call('history:get', { deviceId });
    expect(history).toMatchObject({ ok: false, error: { code: 'DEVICE_NOT_YOURS' } });
    const spectate = await thief.call('room:spectate', { code: seat.view.code, deviceId });
    expect(spectate).toMatchObject({ ok: false, error: { code: 'DEVICE_NOT_YOURS' } });
    expectOk(await owner.call('history:get', { deviceId, deviceSecret }));
    for (const c of [owner, thief]) c.close();
  });
});
