import { PROTOCOL_VERSION, type SeatReply } from '@percent/protocol';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { connect, expectOk, newDeviceId, startTestServer, useTestServer } from './harness.ts';

const server = useTestServer();

const disconnected = (client: {
  socket: { once(e: 'disconnect', f: (reason: string) => void): unknown };
}) => new Promise<string>((resolve) => client.socket.once('disconnect', resolve));

describe('hostile clients', () => {
  it('answers a bad payload with BAD_PAYLOAD naming the event and the field', async () => {
    const c = await connect(server.url);
    const cases: [string, unknown, string][] = [
      ['room:join', { code: 'AB', nickname: 'x', deviceId: newDeviceId() }, 'room:join: code: '],
      ['room:create', { nickname: '', deviceId: newDeviceId() }, 'room:create: nickname: '],
      ['room:create', { nickname: 'Ann', deviceId: 'short' }, 'room:create: deviceId: '],
      ['race:move', { moveId: 'm1', cell: 81, digit: 1 }, 'race:move: cell: '],
      ['race:move', { moveId: 'm1', cell: 3, digit: 10 }, 'race:move: digit: '],
      ['room:settings', { settings: { maxPlayers: 99 } }, 'room:settings: settings.maxPlayers: '],
      ['room:ready', 'yes', 'room:ready: payload: '],
      ['no:such', {}, 'no:such: unknown event'],
    ];
    for (const [event, payload, message] of cases) {
      const reply = await c.call(event as 'room:join', payload);
      expect(reply, event).toMatchObject({ ok: false, error: { code: 'BAD_PAYLOAD' } });
      expect(!reply.ok && reply.error.message).toContain(message);
    }
    expect(c.socket.connected).toBe(true); // bad input never kills the connection by itself
    c.close();
  });

  it('refuses another protocol version at the handshake', async () => {
    const socket = io(server.url, {
      auth: { protocol: PROTOCOL_VERSION + 1 },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    const error = await new Promise<Error & { data?: unknown }>((resolve) =>
      socket.once('connect_error', resolve),
    );
    expect(error.message).toBe('VERSION_MISMATCH');
    expect(error.data).toMatchObject({
      code: 'VERSION_MISMATCH',
      serverProtocol: PROTOCOL_VERSION,
    });
    socket.close();
  });

  it('closes the connection on an oversized payload', async () => {
    const c = await connect(server.url);
    const gone = disconnected(c);
    // Sent without an acknowledgement: the connection closes before any reply could come.
    (c.socket.emit as (event: string, payload: unknown) => void)('room:create', {
      nickname: 'A',
      deviceId: newDeviceId(),
      pad: 'x'.repeat(20_000),
    });
    expect(await gone).toBe('transport close');
  });

  it('rate-limits a flood and cuts it off, while another room plays on unaffected', async () => {
    const flooder = await connect(server.url);
    expectOk(await flooder.call('room:create', { nickname: 'Flood', deviceId: newDeviceId() }));
    const calm = await connect(server.url);
    const seat = expectOk<SeatReply>(
      await calm.call('room:create', { nickname: 'Calm', deviceId: newDeviceId() }),
    );

    const gone = disconnected(flooder);
    const replies: Promise<{ ok: boolean; error?: { code: string } }>[] = [];
    for (let i = 0; i < 400; i++)
      replies.push(flooder.call('room:sync').catch(() => ({ ok: false })));
    const timings: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      const reply = expectOk<{ view: { code: string } }>(await calm.call('room:sync'));
      timings.push(performance.now() - t0);
      expect(reply.view.code).toBe(seat.view.code);
    }
    expect(await gone).toBe('io server disconnect');
    const settled = await Promise.all(replies);
    expect(settled.filter((r) => r.error?.code === 'RATE_LIMITED').length).toBeGreaterThan(50);
    expect(settled.filter((r) => r.ok).length).toBeLessThan(60); // burst 30 + refill at 15/s
    expect(Math.max(...timings)).toBeLessThan(1000);
    const again = expectOk<{ view: { code: string } }>(await calm.call('room:sync'));
    expect(again.view.code).toBe(seat.view.code);
    calm.close();
  });
});

describe('a puzzle pool that fails', () => {
  it('answers race:start with PUZZLE_UNAVAILABLE and leaves the room in the lobby', async () => {
    const broken = await startTestServer({
      puzzles: {
        take: () => Promise.reject(new Error('generator timed out')),
        check: () => Promise.reject(new Error('generator timed out')),
        ready: () => 0,
        close: () => Promise.resolve(),
      },
    });
    const c = await connect(broken.url);
    expectOk(await c.call('room:create', { nickname: 'Ann', deviceId: newDeviceId() }));
    const reply = await c.call('race:start');
    expect(reply).toMatchObject({ ok: false, error: { code: 'PUZZLE_UNAVAILABLE' } });
    expect(!reply.ok && reply.error.message).toContain('generator timed out');
    const view = expectOk<{ view: { phase: string } }>(await c.call('room:sync'));
    expect(view.view.phase).toBe('lobby');
    c.close();
    await broken.close();
  });
});
