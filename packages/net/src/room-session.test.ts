import { NOTHING_ALLOWED } from '@percent/protocol';
import type { MoveReply, PlayerView, RoomView, SeatReply } from '@percent/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NetResult, RoomLink } from './link.ts';
import { memoryOf, RoomSession } from './room-session.ts';
import { racingRoom } from './testing.ts';

/**
 * The session over a fake link: `answers` replies per event (a script of replies, taken in
 * order; an empty script leaves the request unanswered), `sent` lists every request.
 */
const net = {
  connected: true,
  onConnect: new Set<() => void>(),
  answers: new Map<string, unknown[]>(),
  sent: [] as string[],
  handlers: new Map<string, (payload: unknown) => void>(),
};

const link = {
  get connected() {
    return net.connected;
  },
  on: (event: string, handler: (payload: unknown) => void) => {
    net.handlers.set(event, handler);
    return () => net.handlers.delete(event);
  },
  onConnect: (listener: () => void) => {
    net.onConnect.add(listener);
    if (net.connected) listener();
    return () => net.onConnect.delete(listener);
  },
  request: (event: string) => {
    net.sent.push(event);
    const reply = net.answers.get(event)?.shift();
    return reply === undefined ? new Promise(() => undefined) : Promise.resolve(reply);
  },
} as unknown as RoomLink;

const newSession = () => new RoomSession('ABCDE', link, memoryOf('device-abcdefgh'));

const progress = { filled: 1, blanks: 50, percent: 2, mistakes: 0, units: 0, penaltyMs: 0 };
const runner: PlayerView = {
  id: 'p1',
  colour: 0,
  team: null,
  nickname: 'Ann',
  host: true,
  ready: true,
  connection: 'online',
  plays: true,
  rating: { value: 1500, provisional: true },
  race: { status: 'racing', progress, timeMs: null, place: null },
};
const view: RoomView = racingRoom({
  players: [runner],
  you: { role: 'player', playerId: 'p1', can: NOTHING_ALLOWED },
});
const seat: NetResult<SeatReply> = {
  ok: true,
  role: 'player',
  playerId: 'p1',
  sessionToken: 'token',
  graceSec: 60,
  view,
};
const unavailable = {
  ok: false,
  error: { code: 'ROOM_UNAVAILABLE', message: 'room ABCDE is moving' },
} as const;
const judged = (moveId: string): NetResult<MoveReply> => ({
  ok: true,
  moveId,
  cell: 3,
  digit: 4,
  verdict: 'correct',
  status: 'racing',
  progress,
  duplicate: false,
  team: null,
});

const answer = (event: string, ...replies: unknown[]) => net.answers.set(event, replies);

/** The connection drops and comes back: every onConnect listener runs, as Socket.IO's does. */
function reconnect(): void {
  net.connected = true;
  for (const listener of [...net.onConnect]) listener();
}

async function seated(): Promise<RoomSession> {
  const session = newSession();
  answer('room:join', seat);
  expect(await session.join('Ann')).toBe(true);
  net.sent.length = 0;
  return session;
}

beforeEach(() => {
  vi.useFakeTimers();
  net.connected = true;
  net.onConnect.clear();
  net.answers.clear();
  net.sent.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('RoomSession and ROOM_UNAVAILABLE', () => {
  it('keeps a first join going while the room moves, then seats the player once', async () => {
    const session = newSession();
    answer('room:join', unavailable, unavailable, seat);
    const joined = session.join('Ann');
    await vi.advanceTimersByTimeAsync(0);
    expect(net.sent).toEqual(['room:join']);
    expect(session.moving.value).toBe(true);
    await vi.advanceTimersByTimeAsync(1500);
    expect(await joined).toBe(true);
    expect(net.sent).toEqual(['room:join', 'room:join', 'room:join']);
    expect(session.moving.value).toBe(false);
    expect(session.error.value).toBeUndefined();
    expect(session.view.value?.code).toBe(view.code);
    session.dispose();
  });

  it('rejoins after a reconnection once the room is back, then sends the waiting move once', async () => {
    const session = await seated();
    const verdicts: string[] = [];
    session.onMove((move, reply) => verdicts.push(`${move.moveId} ${reply.ok}`));
    net.connected = false;
    const move = session.move(3, 4);
    expect(net.sent).toEqual([]);
    answer('room:join', unavailable, unavailable, seat);
    answer('race:move', judged(move.moveId));
    reconnect();
    await vi.advanceTimersByTimeAsync(0);
    expect(net.sent).toEqual(['room:join']);
    expect(session.moving.value).toBe(true);
    expect(session.error.value).toBeUndefined();
    await vi.advanceTimersByTimeAsync(500);
    expect(net.sent).toEqual(['room:join', 'room:join']);
    expect(session.moving.value).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(net.sent).toEqual(['room:join', 'room:join', 'room:join', 'race:move']);
    expect(session.moving.value).toBe(false);
    expect(verdicts).toEqual([`${move.moveId} true`]);
    session.dispose();
  });

  it('shows ROOM_UNAVAILABLE for other commands, sent once, without the moving status', async () => {
    const session = await seated();
    answer('race:end', unavailable);
    expect(await session.endRace()).toBe(false);
    expect(session.error.value?.code).toBe('ROOM_UNAVAILABLE');
    expect(session.moving.value).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.sent).toEqual(['race:end']);
    session.dispose();
  });

  it('stops asking for the rejoin when the player leaves meanwhile', async () => {
    const session = await seated();
    answer('room:join', unavailable, seat);
    answer('room:leave', { ok: true });
    reconnect();
    await vi.advanceTimersByTimeAsync(0);
    expect(session.moving.value).toBe(true);
    await session.leave();
    expect(session.moving.value).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.sent).toEqual(['room:join', 'room:leave']);
    session.dispose();
  });

  it('stops asking for the rejoin once disposed', async () => {
    const session = await seated();
    answer('room:join', unavailable, seat);
    reconnect();
    await vi.advanceTimersByTimeAsync(0);
    session.dispose();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.sent).toEqual(['room:join']);
    expect(session.moving.value).toBe(false);
  });
});

describe('RoomSession commands during a reconnection', () => {
  it('sends a command pressed while the seat is being regained only after the rejoin', async () => {
    const session = await seated();
    net.connected = false;
    answer('room:ready', { ok: true });
    const ready = session.ready(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(net.sent).toEqual([]);
    answer('room:join', seat);
    reconnect();
    expect(await ready).toBe(true);
    expect(net.sent).toEqual(['room:join', 'room:ready']);
    session.dispose();
  });

  it('gives up a command after the wait when the seat does not come back', async () => {
    const session = await seated();
    net.connected = false;
    const ready = session.ready(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await ready).toBe(false);
    expect(session.error.value?.code).toBe('OFFLINE');
    expect(net.sent).toEqual([]);
    session.dispose();
  });
});
