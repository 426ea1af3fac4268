/**
 * Seats are bound to connections (issue 21, "zombie rooms"): a connection's membership
 * commands are carried out one at a time, so one socket holds at most one seat, and every seat
 * it held is released by its disconnect and the grace period — however many creates and joins
 * it fired at once.
 */
import { describe, expect, it } from 'vitest';
import { connect, expectOk, newDeviceId, useTestServer } from './harness.ts';

const server = useTestServer({ timings: { countdownMs: 100, graceMs: 500 } });

async function health(): Promise<{ rooms: number; players: number }> {
  return (await (await fetch(`${server.url}/healthz`)).json()) as {
    rooms: number;
    players: number;
  };
}

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

describe('seats bound to connections', () => {
  it('leaves no room behind 15 concurrent creates on one socket once it disconnects', async () => {
    const before = await health();
    const flood = await connect(server.url);
    const deviceId = newDeviceId();
    const replies = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        flood.call('room:create', { nickname: `Z${i}`, deviceId }),
      ),
    );
    expect(replies.every((reply) => reply.ok)).toBe(true);
    // One seat at a time: each create left the room before.
    const during = await health();
    expect(during.rooms - before.rooms).toBe(1);
    expect(during.players - before.players).toBe(1);
    flood.close();
    const cleared = await until(async () => (await health()).rooms === before.rooms, 5000);
    expect(cleared).toBe(true);
  });

  it('takes one seat for concurrent joins of the same room from one socket', async () => {
    const host = await connect(server.url);
    const seat = expectOk<{ view: { code: string } }>(
      await host.call('room:create', { nickname: 'Ann', deviceId: newDeviceId() }),
    );
    const code = seat.view.code;
    const twin = await connect(server.url);
    const deviceId = newDeviceId();
    await Promise.all(
      Array.from({ length: 5 }, () => twin.call('room:join', { code, nickname: 'Bob', deviceId })),
    );
    const view = await host.state((v) => v.players.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const latest = expectOk<{ view: { players: unknown[] } }>(await host.call('room:sync', {}));
    expect(latest.view.players).toHaveLength(2);
    expect(view.players.map((p) => p.nickname)).toEqual(['Ann', 'Bob']);
    for (const c of [host, twin]) c.close();
  });
});
