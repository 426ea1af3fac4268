/**
 * Takeover between live nodes, against a real Redis: when several nodes reach an orphaned room
 * at once, exactly one restores it and every other call gets a handle to that one (no call
 * waits forever); a stopping node refuses with ROOM_UNAVAILABLE rather than "no such room".
 */
import { Redis } from 'ioredis';
import { createLogger } from '../../packages/server/src/log.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClusterRooms } from '../../packages/server/src/cluster/cluster-rooms.ts';
import type { RaceCopier } from '../../packages/server/src/cluster/race-copier.ts';
import { RedisRooms } from '../../packages/server/src/cluster/redis-rooms.ts';
import type { Forward } from '../../packages/server/src/cluster/remote.ts';
import { createRoom, reduce, snapshotOf } from '../../packages/server/src/rooms/index.ts';
import { UnavailableError } from '../../packages/server/src/runner/room-log.ts';
import { MemoryTransport } from '../../packages/server/test-support/transport.ts';
import { hasRedis, startRedis, type TestRedis } from '../support/redis.ts';

const TIMINGS = { countdownMs: 100, graceMs: 60_000 };

describe.skipIf(!hasRedis)('taking an orphaned room over', () => {
  let server: TestRedis;
  const clients: Redis[] = [];

  beforeAll(async () => {
    server = await startRedis();
  });

  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await server?.close();
  });

  function node(name: string): { rooms: ClusterRooms; redis: RedisRooms; moved: string[] } {
    const client = new Redis(server.url);
    clients.push(client);
    const redis = new RedisRooms(client, name, 4000);
    const moved: string[] = [];
    const forward: Forward = {
      submit: () => Promise.resolve({ ok: true }),
      start: () => Promise.resolve({ ok: true }),
      importPuzzle: () => Promise.resolve({ ok: true }),
      summary: () => Promise.resolve(undefined),
    };
    const rooms = new ClusterRooms({
      redis,
      races: { copy: () => Promise.resolve(true) } as unknown as RaceCopier,
      keeper: { hold: () => undefined, drop: () => undefined, lastRenewed: () => Date.now() },
      transport: new MemoryTransport(),
      timings: TIMINGS,
      draw: () => Promise.reject(new Error('no puzzles here')),
      check: () => Promise.reject(new Error('no puzzles here')),
      forward,
      log: createLogger('test'),
      announceMoved: (code) => moved.push(code),
      lost: () => undefined,
    });
    return { rooms, redis, moved };
  }

  /** A room stored by a node that then vanished: a snapshot in Redis and no lease. */
  async function orphan(code: string): Promise<void> {
    const { redis } = node('gone');
    const lease = (await redis.acquire(code, true))!;
    const join = {
      type: 'join',
      connectionId: 'c1',
      nickname: 'Ann',
      deviceId: 'device-ann-1',
      sessionToken: undefined,
      newToken: 'token-ann-abcdefghijklmnop',
    } as const;
    const joined = reduce(createRoom(code, TIMINGS, {}), join, Date.now());
    if (!joined.ok) throw new Error(joined.error.message);
    const snapshot = snapshotOf(joined.room);
    const writes = [{ type: 'persistRoom', code, raceId: null, snapshot } as const];
    expect(await redis.commitMany([{ code, token: lease.token, writes }])).toEqual(['written']);
    await redis.release(code, lease.token);
  }

  it('is restored by exactly one of the nodes that reach it at once; the others forward', async () => {
    await orphan('ORPHN');
    const a = node('node-a');
    const b = node('node-b');
    const found = await Promise.all([
      a.rooms.find('ORPHN'),
      b.rooms.find('ORPHN'),
      a.rooms.find('ORPHN'),
      b.rooms.find('ORPHN'),
    ]);
    expect(found.map((handle) => handle?.code)).toEqual(['ORPHN', 'ORPHN', 'ORPHN', 'ORPHN']);
    expect(a.rooms.size + b.rooms.size).toBe(1);
    expect([...a.moved, ...b.moved]).toEqual(['ORPHN']);
    const owner = a.rooms.size === 1 ? 'node-a' : 'node-b';
    expect(await a.redis.leaseOf('ORPHN')).toMatch(new RegExp(`^${owner}/`));
    await a.rooms.shutdown(100);
    await b.rooms.shutdown(100);
  });

  it("answers a stopping node's lookups as unavailable, not as a missing room", async () => {
    await orphan('STOPS');
    const a = node('node-c');
    await a.rooms.shutdown(100);
    await expect(a.rooms.find('STOPS')).rejects.toBeInstanceOf(UnavailableError);
  });

  it('leaves a room it cannot restore out of the sweep, stored as it was', async () => {
    const { redis } = node('gone-too');
    const lease = (await redis.acquire('BROKN', true))!;
    const write = {
      type: 'persistRoom',
      code: 'BROKN',
      raceId: null,
      snapshot: '{"version":0}',
    } as const;
    const stored = await redis.commitMany([{ code: 'BROKN', token: lease.token, writes: [write] }]);
    expect(stored).toEqual(['written']);
    await redis.release('BROKN', lease.token);
    const a = node('node-d');
    await a.rooms.sweep(); // (it also takes over the rooms the tests above left behind)
    expect(a.rooms.local('BROKN')).toBeUndefined();
    expect(await redis.liveRooms()).not.toContain('BROKN');
    expect((await redis.load('BROKN'))?.snapshot).toBe('{"version":0}');
    expect(await redis.leaseOf('BROKN')).toBeNull();
    await a.rooms.shutdown(100);
  });
});
