/**
 * The fence itself, against a real Redis: a room's lease admits one holder at a time, each
 * acquisition gets a higher epoch, and a write by a holder whose lease is gone is refused whole.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisRooms } from '../../packages/server/src/cluster/redis-rooms.ts';
import { Keys } from '../../packages/server/src/cluster/keys.ts';
import { RENEW } from '../../packages/server/src/cluster/scripts.ts';
import type { PersistEffect } from '../../packages/server/src/rooms/index.ts';
import { hasRedis, startRedis, type TestRedis } from '../support/redis.ts';

const move = (raceId: string, seq: number, moveId: string): PersistEffect => ({
  type: 'persistMove',
  raceId,
  seq,
  move: { playerId: 'p1', moveId, at: 1000 + seq, cell: seq, digit: 5, verdict: 'correct' },
});
const snapshot = (text: string): PersistEffect => ({
  type: 'persistRoom',
  code: 'ABCDE',
  raceId: 'race-1',
  snapshot: text,
});

describe.skipIf(!hasRedis)('leases and fenced writes in Redis', () => {
  let server: TestRedis;
  let a: Redis;
  let b: Redis;
  let nodeA: RedisRooms;
  let nodeB: RedisRooms;

  beforeAll(async () => {
    server = await startRedis();
    a = new Redis(server.url);
    b = new Redis(server.url);
    nodeA = new RedisRooms(a, 'node-a', 300);
    nodeB = new RedisRooms(b, 'node-b', 300);
  });

  afterAll(async () => {
    a?.disconnect();
    b?.disconnect();
    await server?.close();
  });

  it('lets one node hold a room at a time, each acquisition under a higher epoch', async () => {
    const first = await nodeA.acquire('LEASE');
    expect(first?.token).toBe('node-a/1');
    expect(await nodeB.acquire('LEASE')).toBeNull();
    expect(await nodeB.leaseOf('LEASE')).toBe('node-a/1');
    await nodeA.release('LEASE', 'node-a/1');
    expect((await nodeB.acquire('LEASE'))?.token).toBe('node-b/2');
    // A release by the old holder does not free the new holder's lease.
    await nodeA.release('LEASE', 'node-a/1');
    expect(await nodeA.leaseOf('LEASE')).toBe('node-b/2');
  });

  it('refuses every write of a holder whose lease expired and went to another node', async () => {
    const old = (await nodeA.acquire('ABCDE'))!;
    const first = [snapshot('a-1'), move('race-1', 0, 'm0')];
    expect(await nodeA.commitMany([{ code: 'ABCDE', token: old.token, writes: first }])).toEqual([
      'written',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 400)); // the lease (300 ms) runs out
    const next = (await nodeB.acquire('ABCDE'))!;
    expect(next.previous).toBe('node-a');
    const stale = [move('race-1', 1, 'stale'), snapshot('a-2')];
    expect(await nodeA.commitMany([{ code: 'ABCDE', token: old.token, writes: stale }])).toEqual([
      'fenced',
    ]);
    expect(await a.lrange(Keys.moves('ABCDE', 'race-1'), 0, -1)).toHaveLength(1);
    expect((await nodeB.load('ABCDE'))?.snapshot).toBe('a-1');
    // The lease keeper's renewal (the same script) says the old holder lost it, and keeps it.
    expect(await a.eval(RENEW, 1, Keys.lease('ABCDE'), 300, old.token)).toEqual([0]);
    expect(await a.get(Keys.lease('ABCDE'))).toBe(next.token);
    // The new holder writes at the next place in the log.
    const later = [move('race-1', 1, 'm1')];
    expect(await nodeB.commitMany([{ code: 'ABCDE', token: next.token, writes: later }])).toEqual([
      'written',
    ]);
    const moves = await nodeB.movesOf('ABCDE', 'race-1');
    expect(moves.ok && moves.value.map((m) => m.moveId)).toEqual(['m0', 'm1']);
  });

  it('refuses a move that would not land at its place in the log, writing nothing', async () => {
    const lease = (await nodeA.acquire('SEQCH'))!;
    // The runner's state is behind the log: it must stop as if fenced (and be restored).
    const gap = [snapshot('s'), move('race-9', 3, 'gap')];
    expect(await nodeA.commitMany([{ code: 'SEQCH', token: lease.token, writes: gap }])).toEqual([
      'behind',
    ]);
    expect(await nodeA.load('SEQCH')).toBeNull();
  });

  it('commits several rooms in one call, each all or none under its own lease', async () => {
    const [one, , three] = await Promise.all(
      ['MANY1', 'MANY2', 'MANY3'].map(async (code) => (await nodeA.acquire(code))!),
    );
    const room = (code: string, text: string): PersistEffect => ({
      type: 'persistRoom',
      code,
      raceId: 'race-m',
      snapshot: text,
    });
    const outcomes = await nodeA.commitMany([
      { code: 'MANY1', token: one!.token, writes: [room('MANY1', 'one'), move('race-m', 0, 'a')] },
      // Another node's token: refused, and nothing of it written.
      { code: 'MANY2', token: 'node-b/99', writes: [room('MANY2', 'two'), move('race-m', 0, 'b')] },
      // A move past the end of its log: refused whole, its snapshot too.
      {
        code: 'MANY3',
        token: three!.token,
        writes: [room('MANY3', 'three'), move('race-m', 2, 'c')],
      },
      // The same room again after its first commit: its log has one move now.
      { code: 'MANY1', token: one!.token, writes: [move('race-m', 1, 'a2')] },
    ]);
    expect(outcomes).toEqual(['written', 'fenced', 'behind', 'written']);
    const moves = await nodeA.movesOf('MANY1', 'race-m');
    expect(moves.ok && moves.value.map((m) => m.moveId)).toEqual(['a', 'a2']);
    expect((await nodeA.load('MANY1'))?.snapshot).toBe('one');
    expect(await nodeA.load('MANY2')).toBeNull();
    expect(await nodeA.load('MANY3')).toBeNull();
    expect(await a.llen(Keys.moves('MANY2', 'race-m'))).toBe(0);
    expect(await a.llen(Keys.moves('MANY3', 'race-m'))).toBe(0);
    expect(await a.sismember(Keys.rooms, 'MANY1')).toBe(1);
    expect(await a.sismember(Keys.rooms, 'MANY3')).toBe(0);
    // The written room's lease was extended; the others' untouched.
    expect(await a.pttl(Keys.lease('MANY1'))).toBeGreaterThan(200);
  });
});
