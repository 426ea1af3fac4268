/**
 * Two nodes on one Redis form one service: players of one room sit on different nodes, every
 * command reaches the room's owner, every event reaches every member, and the finished race is
 * in the history both nodes read.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MoveReply, RoomView, SeatReply } from '@percent/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../packages/server/src/main.ts';
import {
  blanksOf,
  connect,
  expectOk,
  newDeviceId,
  solveGivens,
  startTestServer,
} from '../server/harness.ts';
import { hasPostgres, startPostgres, type TestPostgres } from '../support/postgres.ts';
import { hasRedis, startRedis, type TestRedis } from '../support/redis.ts';
import { historyOf } from '../support/device.ts';

/**
 * History in one machine's SQLite file (both nodes open it) or in PostgreSQL (each node with a
 * folder of its own, so what they agree on can only come from the database).
 */
const histories = [
  { history: 'SQLite', skip: !hasRedis },
  { history: 'PostgreSQL', skip: !hasRedis || !hasPostgres },
] as const;

describe.each(histories)('two nodes, one room, history in $history', ({ history, skip }) => {
  let redis: TestRedis;
  let postgres: TestPostgres | undefined;
  const dirs: string[] = [];
  const nodes: RunningServer[] = [];

  beforeAll(async () => {
    if (skip) return;
    redis = await startRedis();
    postgres = history === 'PostgreSQL' ? await startPostgres() : undefined;
    const shared = mkdtempSync(join(tmpdir(), 'percent-cluster-'));
    dirs.push(shared);
    for (let i = 0; i < 2; i++) {
      const own = postgres ? mkdtempSync(join(tmpdir(), 'percent-cluster-')) : shared;
      if (own !== shared) dirs.push(own);
      nodes.push(
        await startTestServer({
          memory: false,
          dataDir: own,
          redisUrl: redis.url,
          databaseUrl: postgres?.url,
          rateLimit: { burst: 500, perSecond: 500, tooMany: 100 },
        }),
      );
    }
  }, 60_000);

  afterAll(async () => {
    for (const node of nodes) await node.close();
    await redis?.close();
    await postgres?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(skip)(
    'runs a race whose players sit on different nodes; both show its history',
    async () => {
      const [a, b] = nodes as [RunningServer, RunningServer];
      const ann = await connect(a.url);
      const bob = await connect(b.url);
      const annDevice = newDeviceId();
      const bobDevice = newDeviceId();
      const created = expectOk<SeatReply>(
        await ann.call('room:create', { nickname: 'Ann', deviceId: annDevice }),
      );
      const code = created.view.code;
      const joined = expectOk<SeatReply>(
        await bob.call('room:join', { code, nickname: 'Bob', deviceId: bobDevice }),
      );
      expect(joined.view.players.map((p) => p.nickname)).toEqual(['Ann', 'Bob']);
      // Ann (on the owner) hears of Bob's join through the owner; Bob's ready goes to the owner.
      await ann.state((v) => v.players.length === 2);
      expectOk(await bob.call('room:ready', { ready: true }));
      const racing = bob.state((v: RoomView) => v.phase === 'racing');
      expectOk(await ann.call('race:start'));
      const puzzle = (await racing).race!.puzzle!;
      const solution = solveGivens(puzzle);
      const blanks = blanksOf(puzzle);
      const progress: unknown[] = [];
      ann.socket.on('race:progress', (event) => progress.push(event));
      for (const cell of blanks) {
        const reply = expectOk<MoveReply>(
          await bob.call('race:move', {
            moveId: `bob-${cell}`,
            cell,
            digit: Number(solution[cell]),
          }),
        );
        expect(reply.verdict).toBe('correct');
      }
      // Bob is through; Ann gives up, which ends the race.
      const finished = bob.state((v) => v.phase === 'finished');
      expectOk(await ann.call('race:forfeit'));
      expect((await finished).code).toBe(code);
      expect(progress.length).toBeGreaterThan(0);
      const fromA = (await historyOf(a.url, bobDevice)) as { entries: unknown[] };
      const fromB = await historyOf(b.url, bobDevice);
      expect(fromA.entries).toHaveLength(1);
      expect(fromB).toEqual(fromA);
      const board = await (await fetch(`${b.url}/api/rooms/${code}/leaderboard`)).json();
      expect(board).toEqual(await (await fetch(`${a.url}/api/rooms/${code}/leaderboard`)).json());
      expect(board.entries.map((e: { nickname: string }) => e.nickname)).toEqual(['Bob', 'Ann']);
      ann.close();
      bob.close();
    },
    60_000,
  );
});
