/**
 * A node dies or freezes mid-race and the race goes on: two server processes on one Redis, the
 * room owned by the first. kill -9 of the owner: the other node takes the room over from Redis
 * within 10 s and every acknowledged move is in the stored race exactly once (the race is a
 * tournament round: the evening goes on with the new owner and scores it). SIGSTOP of the
 * owner past its lease: the other node takes over, and the frozen node, resumed, writes nothing
 * (Redis refuses its fenced commit) and sends its player to the new owner.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RaceRecordView } from '@percent/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { ServerChild } from './server-child.ts';
import { hasRedis, startRedis, type TestRedis } from '../support/redis.ts';
import type { AckedMove } from '../cluster/player.ts';
import { play, raceOnTwoNodes } from '../cluster/race.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Cluster {
  readonly redis: TestRedis;
  readonly nodes: [ServerChild, ServerChild];
  readonly dataDir: string;
}

let running: Cluster | undefined;
/** Every node started by the current test, running or not. */
const started: ServerChild[] = [];

async function startCluster(): Promise<Cluster> {
  const redis = await startRedis();
  const dataDir = mkdtempSync(join(tmpdir(), 'percent-failover-'));
  const env = { REDIS_URL: redis.url, FAULT_RATE_LIMIT: '500,500,100' };
  // Each node is registered for afterEach as it starts: one that fails must not orphan the other.
  const a = await ServerChild.start(dataDir, env);
  started.push(a);
  const b = await ServerChild.start(dataDir, env);
  started.push(b);
  running = { redis, nodes: [a, b], dataDir };
  return running;
}

afterEach(async () => {
  for (const node of started.splice(0)) await node.killAll();
  if (!running) return;
  await running.redis.close();
  rmSync(running.dataDir, { recursive: true, force: true });
  running = undefined;
});

/** The stored race, read from `url`, once it is in the history. */
async function storedRace(url: string, raceId: string): Promise<RaceRecordView> {
  for (let i = 0; i < 100; i++) {
    const response = await fetch(`${url}/api/races/${raceId}`);
    if (response.ok) return ((await response.json()) as { race: RaceRecordView }).race;
    await sleep(100);
  }
  throw new Error(`race ${raceId} never reached the history`);
}

function expectEachOnce(race: RaceRecordView, acked: readonly AckedMove[]) {
  const stored = race.moves.map((m) => m.moveId);
  expect(new Set(stored).size).toBe(stored.length);
  for (const move of acked) expect(stored.filter((id) => id === move.moveId)).toHaveLength(1);
}

describe.skipIf(!hasRedis)('a node lost mid-race', () => {
  it('kill -9 of the owner: the other node takes over within 10 s, no acked move lost', async () => {
    const { nodes } = await startCluster();
    const urls = nodes.map((n) => n.url);
    // The race is round 1 of an evening: the new owner carries the evening on too.
    const { ann, bob, solution, blanks } = await raceOnTwoNodes(urls, { rounds: 3 });
    // Each solves the whole puzzle on their own board; the owner dies after a few moves each.
    await Promise.all([
      play(ann, blanks.slice(0, 8), solution),
      play(bob, blanks.slice(0, 8), solution),
    ]);
    const killedAt = Date.now();
    await nodes[0].kill9();
    await Promise.all([play(ann, blanks.slice(8), solution), play(bob, blanks.slice(8), solution)]);
    const firstAfter = Math.min(
      ...[...ann.acked, ...bob.acked].filter((m) => m.at > killedAt).map((m) => m.at),
    );
    console.log(`kill -9 of the owner: first ack after ${firstAfter - killedAt} ms`);
    expect(firstAfter - killedAt).toBeLessThan(10_000);
    expect(ann.rejoins).toBeGreaterThan(0);
    // Both have filled every blank, so the race ends.
    const done = await bob.state((v) => v.phase === 'finished');
    const race = await storedRace(nodes[1].url, done.race!.id);
    expectEachOnce(race, [...ann.acked, ...bob.acked]);
    expect(race.moves).toHaveLength(ann.acked.length + bob.acked.length);
    const evening = done.tournament!;
    expect(evening).toMatchObject({ rounds: 3, played: 1, current: null, over: false });
    expect(evening.standings.map((s) => s.points)).toEqual([11, 8]);
    expect(race.tournament).toEqual({ id: evening.id, round: 1, rounds: 3 });
    ann.close();
    bob.close();
  }, 90_000);

  it('SIGSTOP of the owner past its lease: taken over, and the resumed node writes nothing', async () => {
    const { nodes } = await startCluster();
    const urls = nodes.map((n) => n.url);
    const { ann, bob, solution, blanks } = await raceOnTwoNodes(urls);
    await Promise.all([
      play(ann, blanks.slice(0, 8), solution),
      play(bob, blanks.slice(0, 8), solution),
    ]);
    nodes[0].stop();
    const stoppedAt = Date.now();
    // Ann's next move reaches the frozen owner and waits there; Bob's is forwarded to it too.
    const annWaiting = ann.move(blanks[8]!, Number(solution[blanks[8]!]));
    await play(bob, blanks.slice(8, 12), solution);
    const takenOver = bob.acked.find((m) => m.at > stoppedAt)!.at - stoppedAt;
    console.log(`SIGSTOP of the owner: Bob's first ack after ${takenOver} ms`);
    expect(takenOver).toBeLessThan(10_000);
    nodes[0].cont();
    await annWaiting;
    await Promise.all([
      play(ann, blanks.slice(9), solution),
      play(bob, blanks.slice(12), solution),
    ]);
    const done = await bob.state((v) => v.phase === 'finished');
    const race = await storedRace(nodes[1].url, done.race!.id);
    expectEachOnce(race, [...ann.acked, ...bob.acked]);
    expect(race.moves).toHaveLength(ann.acked.length + bob.acked.length);
    // The resumed node found its lease gone: it runs nothing and counted the room as lost.
    const health = await nodes[0].health();
    expect(health.rooms).toBe(0);
    expect(health.fenced).toBeGreaterThanOrEqual(1);
    ann.close();
    bob.close();
  }, 90_000);

  it('SIGTERM of the owner: it exits 0 and hands its rooms on at once', async () => {
    const { nodes } = await startCluster();
    const urls = nodes.map((n) => n.url);
    const { ann, bob, solution, blanks } = await raceOnTwoNodes(urls);
    await play(bob, blanks.slice(0, 4), solution);
    const stoppedAt = Date.now();
    const exit = await nodes[0].terminate();
    expect(exit.code).toBe(0);
    await play(bob, blanks.slice(4, 6), solution);
    const resumed = bob.acked.find((m) => m.at > stoppedAt)!.at - stoppedAt;
    console.log(
      `SIGTERM of the owner: exit after ${Math.round(exit.ms)} ms, Bob's next ack ${resumed} ms after`,
    );
    // A released lease is taken at the next sweep (every second), not after it expires (4 s).
    expect(resumed).toBeLessThan(3500);
    ann.close();
    bob.close();
  }, 60_000);
});
