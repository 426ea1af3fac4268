/** The daily store on both databases: the same contract (best-of, ranks, streak days). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgDaily } from '../../packages/server/src/store/pg/pg-daily.ts';
import { openSqliteDaily } from '../../packages/server/src/store/sqlite-daily.ts';
import { openSqliteHistory } from '../../packages/server/src/store/sqlite-history.ts';
import { hasPostgres, startPostgres, type TestPostgres } from '../support/postgres.ts';
import { dailyContract, PUZZLE, SOLUTION } from './daily-fixtures.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'percent-daily-'));
  dirs.push(dir);
  return dir;
};

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
});

describe.skipIf(!hasPostgres)('the daily store on PostgreSQL', () => {
  let server: TestPostgres;
  let databases = 0;
  beforeAll(async () => {
    server = await startPostgres();
  }, 30_000);
  afterAll(() => server?.close());

  dailyContract(async () => openPgDaily(await server.createDatabase(`daily${++databases}`)));
});
