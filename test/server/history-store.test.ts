/**
 * The history store (`HistoryStore`) on both databases: the same contract, the same rows for
 * the same races, several processes on one SQLite file, several nodes on one PostgreSQL.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryStore } from '../../packages/server/src/store/history.ts';
import { openPgHistory } from '../../packages/server/src/store/pg/pg-history.ts';
import { PG_MIGRATIONS } from '../../packages/server/src/store/pg/migrations.ts';
import { openSqliteHistory } from '../../packages/server/src/store/sqlite-history.ts';
import { hasPostgres, psql, startPostgres, type TestPostgres } from '../support/postgres.ts';
import { freePort } from '../support/redis.ts';
import { historyContract, player, race, season } from './history-fixtures.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'percent-history-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('history on SQLite', () => {
  historyContract(async () => {
    const dir = tempDir();
    return async () => openSqliteHistory(dir);
  });

  it('lets worker processes create, migrate and record races into one file at once, each race once', async () => {
    const dir = tempDir();
    const workers = [1, 2, 3, 4, 5, 6];
    const writers = workers.map((worker) => writer(dir, worker, 20));
    await Promise.all(writers.map((w) => w.ready));
    writers.forEach((w) => w.go()); // all open the new file together
    await Promise.all(writers.map((w) => w.done));
    const history = openSqliteHistory(dir);
    for (const worker of workers)
      expect((await history.historyOf(`w${worker}`, 100)).length).toBe(20);
    const shared = await history.historyOf('all', 100);
    expect(shared.map((h) => h.raceId).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `shared-${i}`).sort(),
    );
    expect(shared.every((h) => h.players === 2)).toBe(true);
    const replay = await history.raceOf('shared-19');
    expect(replay?.ok && replay.value.moves.length).toBe(40);
    await history.close();
  }, 60_000);
});

/**
 * Starts `history-writer.ts` as its own process; `ready` resolves once it is loaded, `go` lets
 * it open the file, `done` settles when it exits (rejecting with its stderr if it fails).
 */
function writer(dir: string, worker: number, races: number) {
  const script = new URL('./history-writer.ts', import.meta.url).pathname;
  const args = ['--import', 'tsx', script, dir, String(worker), String(races)];
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<void>((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`writer ${worker} exited ${code}: ${stderr}`)),
    ),
  );
  const ready = Promise.race([once(child.stdout, 'data'), done]);
  return { ready, done, go: () => child.stdin.end('go\n') };
}

describe.skipIf(!hasPostgres)(
  `history on PostgreSQL${hasPostgres ? '' : ' (skipped: no /usr/lib/postgresql/*/bin; .ci/run installs postgresql)'}`,
  () => {
    let server: TestPostgres;
    let databases = 0;
    const freshUrl = () => server.createDatabase(`history${++databases}`);
    beforeAll(async () => {
      server = await startPostgres();
    }, 30_000);
    afterAll(() => server?.close());

    historyContract(async () => {
      const url = await freshUrl();
      return () => openPgHistory(url);
    });

    it('gives the same history, leaderboards and replays as SQLite for the same races', async () => {
      // A locale that sorts 'ann' before 'Ann' and 'Émile' among the e's: SQLite sorts by code point.
      await psql(
        server.url,
        "CREATE DATABASE season TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C'",
      );
      const pg = await openPgHistory(server.url.replace(/\/percent$/, '/season'));
      const sqlite = openSqliteHistory(tempDir());
      const races = season();
      for (const { record, moves } of races) {
        await pg.recordRace(record, moves);
        await sqlite.recordRace(record, moves);
      }
      const read = (store: HistoryStore) =>
        Promise.all([
          ...['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'x1', 'x2'].map((d) =>
            store.historyOf(d, 100),
          ),
          ...['KXMTA', 'QQQQQ', 'ZZZZZ'].map((room) => store.leaderboard(room, 100)),
          ...races.map(({ record }) => store.raceOf(record.id)),
        ]);
      const [fromPg, fromSqlite] = await Promise.all([read(pg), read(sqlite)]);
      expect(fromPg).toEqual(fromSqlite);
      const board = await sqlite.leaderboard('KXMTA', 100);
      expect(board.length).toBeGreaterThan(8);
      expect(board.slice(-2).map((e) => e.nickname)).toEqual(['Ann', 'ann']);
      await Promise.all([pg.close(), sqlite.close()]);
    });

    it('migrates once when several nodes start at once, and refuses a database not its own', async () => {
      const url = await freshUrl();
      const nodes = await Promise.all([1, 2, 3, 4].map(() => openPgHistory(url)));
      expect(
        await psql(
          url,
          "SELECT string_agg(version::text, ',' ORDER BY version) FROM schema_migrations",
        ),
      ).toBe(PG_MIGRATIONS.map((_, index) => index + 1).join(','));
      await Promise.all(nodes.map((node) => node.close()));

      await psql(url, 'INSERT INTO schema_migrations (version) VALUES (99)');
      await expect(openPgHistory(url)).rejects.toThrow(
        /Cannot open the Percent history at 127\.0\.0\.1:\d+\/history\d+: its schema version is 99 .* newer version/,
      );
      const other = await freshUrl();
      await psql(other, 'CREATE TABLE races (note text)');
      await expect(openPgHistory(other)).rejects.toThrow(
        /tables \(races\) but no schema_migrations: not a Percent history/,
      );
      expect(
        await psql(other, "SELECT count(*) FROM pg_tables WHERE tablename = 'race_players'"),
      ).toBe('0');
    });

    it('reports a damaged row instead of trusting it', async () => {
      const url = await freshUrl();
      const store = await openPgHistory(url);
      const stored = race('r1', 1_000, [player('ann', 1, 90_000)]);
      await store.recordRace(stored, [
        { playerId: 'p-ann', moveId: 'a', at: 5, cell: 2, digit: 6, verdict: 'correct' },
      ]);
      await psql(url, "UPDATE race_moves SET player_id = '' WHERE seq = 0");
      expect(await store.raceOf('r1')).toMatchObject({
        ok: false,
        message: expect.stringMatching(/row 0 of race r1: playerId/),
      });
      // Past 2^53 a bigint would round silently: it is refused instead.
      await psql(url, 'UPDATE races SET ended_at = 9007199254740993');
      expect(await store.raceOf('r1')).toMatchObject({
        ok: false,
        message: expect.stringMatching(/race r1: races row is damaged: endedAt/),
      });
      await expect(store.historyOf('ann')).rejects.toThrow(
        /history of ann, row 0 is damaged: endedAt/,
      );
      await store.close();
    });

    it('names host:port, never the password, when the server cannot be reached', async () => {
      const port = await freePort();
      const opening = openPgHistory(`postgres://percent:s3cret@127.0.0.1:${port}/percent`);
      await expect(opening).rejects.toThrow(
        new RegExp(
          `Cannot open the Percent history at 127\\.0\\.0\\.1:${port}/percent: .*ECONNREFUSED`,
        ),
      );
      await opening.catch((error: Error) => expect(error.message).not.toContain('s3cret'));
      await expect(openPgHistory('not a url')).rejects.toThrow(/DATABASE_URL is not a URL/);
      await expect(openPgHistory('mysql://x@127.0.0.1/db')).rejects.toThrow(
        /must start with postgres:\/\//,
      );
    });

    // Last: it stops the server the other tests use.
    it('keeps running while the server is away (ping false), and works again once it is back', async () => {
      const store = await openPgHistory(await freshUrl());
      await store.recordRace(race('r1', 1_000, [player('ann', 1, 90_000)]), []);
      await Promise.all([store.historyOf('ann'), store.historyOf('ann')]); // two idle connections
      await server.stop(); // the idle connections fail: logged, not thrown
      expect(await store.ping()).toBe(false);
      await expect(store.historyOf('ann')).rejects.toThrow();
      await server.start();
      expect(await store.ping()).toBe(true);
      expect((await store.historyOf('ann')).map((h) => h.raceId)).toEqual(['r1']);
      await store.close();
    });
  },
);
