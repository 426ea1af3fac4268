/** The daily store on both databases: the same contract (best-of, ranks, streak days). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgDaily } from '../../packages/server/src/store/pg/pg-daily.ts';
import { openSqliteDaily } from '../../packages/server/src/store/sqlite-daily.ts';
import { openSqliteHistory } from '../../packages/server/src/store/sqlite-history.ts';
import { DailyService } from '../../packages/server/src/daily/service.ts';
import type { SeededPuzzles } from '../../packages/server/src/puzzles/pool.ts';
import type { DailyStore } from '../../packages/server/src/store/daily-store.ts';
import { hasPostgres, startPostgres, type TestPostgres } from '../support/postgres.ts';
import { dailyContract, PUZZLE, SOLUTION } from './daily-fixtures.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'percent-daily-'));
  dirs.push(dir);
  return dir;
};

/**
 * A node's generator that answers its own puzzle (as two nodes whose generations differ, e.g.
 * one ran out of time on the first seed) after `delayMs`.
 */
function fakePuzzles(puzzle: string, delayMs: number): SeededPuzzles {
  const grade = {
    difficulty: 'medium',
    score: 1,
    hardest: 'hidden-single',
    solvedByLogic: true,
  } as const;
  return {
    generateSeeded: async (request) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return { ...request, puzzle, solution: SOLUTION, score: 1, clues: 30, grade };
    },
    grade: async () => grade,
  };
}

/** Two nodes on one database asked for a new day at once serve the one stored first. */
async function firstStoredWins(a: DailyStore, b: DailyStore): Promise<void> {
  const now = () => Date.parse('2026-11-25T12:00:00Z');
  const fast = new DailyService({ store: a, puzzles: fakePuzzles(PUZZLE, 10), now });
  const slow = new DailyService({ store: b, puzzles: fakePuzzles('0'.repeat(81), 200), now });
  const [one, two] = await Promise.all([
    slow.puzzleView('2026-11-25', 'percent', undefined),
    fast.puzzleView('2026-11-25', 'percent', undefined),
  ]);
  expect(one.ok && one.value.puzzle).toBe(PUZZLE);
  expect(two.ok && two.value.puzzle).toBe(PUZZLE);
}

describe('the daily store on SQLite', () => {
  dailyContract(async () => openSqliteDaily({ dataDir: tempDir() }));

  it('shares the races file: two connections (two processes of one machine) see one puzzle', async () => {
    const dir = tempDir();
    const history = openSqliteHistory(dir); // the races' store made the file first
    const a = openSqliteDaily({ dataDir: dir });
    const b = openSqliteDaily({ dataDir: dir });
    const record = {
      day: '2026-11-25',
      variant: 'percent',
      difficulty: 'medium',
      puzzle: PUZZLE,
      solution: SOLUTION,
    };
    await a.putPuzzle(record, 1);
    await b.putPuzzle({ ...record, puzzle: '0'.repeat(81) }, 2);
    expect((await b.puzzle('2026-11-25', 'percent'))?.puzzle).toBe(PUZZLE);
    await Promise.all([a.close(), b.close(), history.close()]);
  });

  it('serves two processes the puzzle stored first when both make one at once', async () => {
    const dir = tempDir();
    const a = openSqliteDaily({ dataDir: dir });
    const b = openSqliteDaily({ dataDir: dir });
    await firstStoredWins(a, b);
    await Promise.all([a.close(), b.close()]);
  });
});

describe.skipIf(!hasPostgres)('the daily store on PostgreSQL', () => {
  let server: TestPostgres;
  let databases = 0;
  beforeAll(async () => {
    server = await startPostgres();
  }, 30_000);
  afterAll(() => server?.close());

  dailyContract(async () => openPgDaily(await server.createDatabase(`daily${++databases}`)));

  it('serves two nodes the puzzle stored first when both make one at once', async () => {
    const url = await server.createDatabase(`daily${++databases}`);
    const [a, b] = await Promise.all([openPgDaily(url), openPgDaily(url)]);
    await firstStoredWins(a, b);
    await Promise.all([a.close(), b.close()]);
  });
});
