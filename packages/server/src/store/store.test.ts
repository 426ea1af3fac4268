import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from './sqlite.ts';
import { openStore, type RacePlayerRecord, type RaceRecord, type Store } from './store.ts';

const PUZZLE = '240070010090000075300000402000010000000856200025000006000000584000000000000001703';
const SOLUTION =
  '246375918198264375357198462763412859419856237825937146971623584534789621682541793';

function player(
  deviceId: string,
  place: number | null,
  timeMs: number | null,
  extra: Partial<RacePlayerRecord> = {},
): RacePlayerRecord {
  const outcome = place === null ? 'left' : 'finished';
  return {
    playerId: `p-${deviceId}`,
    deviceId,
    nickname: deviceId.toUpperCase(),
    place,
    timeMs,
    mistakes: 0,
    outcome,
    ...extra,
  };
}

function race(
  id: string,
  endedAt: number,
  players: RacePlayerRecord[],
  roomCode = 'KXMTA',
): RaceRecord {
  return {
    id,
    roomCode,
    variant: 'percent',
    difficulty: 'easy',
    puzzle: PUZZLE,
    solution: SOLUTION,
    startedAt: endedAt - 60_000,
    endedAt,
    players,
    moves: [
      {
        playerId: players[0]!.playerId,
        at: endedAt - 50_000,
        cell: 2,
        digit: 6,
        verdict: 'correct',
      },
      { playerId: players[0]!.playerId, at: endedAt - 40_000, cell: 3, digit: 1, verdict: 'wrong' },
      {
        playerId: players[0]!.playerId,
        at: endedAt - 30_000,
        cell: 3,
        digit: 0,
        verdict: 'cleared',
      },
    ],
  };
}

describe('store in memory', () => {
  let store: Store;
  beforeEach(() => (store = openStore({ memory: true })));
  afterEach(() => store.close());

  it('lists a device’s races newest first, with the number of players', () => {
    store.saveRace(race('r1', 1_000_000, [player('ann', 1, 90_000), player('bob', 2, 95_000)]));
    store.saveRace(race('r2', 2_000_000, [player('bob', 1, 80_000), player('ann', null, null)]));
    store.saveRace(race('r3', 3_000_000, [player('cat', 1, 70_000)]));
    const history = store.historyOf('ann');
    expect(history.map((h) => [h.raceId, h.place, h.timeMs, h.outcome, h.players])).toEqual([
      ['r2', null, null, 'left', 2],
      ['r1', 1, 90_000, 'finished', 2],
    ]);
    expect(history[0]).toMatchObject({ roomCode: 'KXMTA', variant: 'percent', nickname: 'ANN' });
    expect(store.historyOf('ann', 1)).toHaveLength(1);
    expect(store.historyOf('nobody')).toEqual([]);
  });

  it('ranks a room’s leaderboard by wins, then best time, with the latest nickname', () => {
    store.saveRace(
      race('r1', 1_000, [
        player('ann', 1, 90_000),
        player('bob', 2, 95_000),
        player('cat', 3, 99_000),
      ]),
    );
    store.saveRace(
      race('r2', 2_000, [
        player('bob', 1, 80_000),
        player('ann', 2, 85_000),
        player('cat', 3, 98_000),
      ]),
    );
    store.saveRace(
      race('r3', 3_000, [
        player('bob', 1, 88_000, { nickname: 'Bobby' }),
        player('ann', null, null),
      ]),
    );
    store.saveRace(race('elsewhere', 4_000, [player('cat', 1, 10_000)], 'QQQQQ'));
    expect(store.leaderboard('KXMTA')).toEqual([
      { nickname: 'Bobby', deviceId: 'bob', wins: 2, races: 3, bestTimeMs: 80_000 },
      { nickname: 'ANN', deviceId: 'ann', wins: 1, races: 3, bestTimeMs: 85_000 },
      { nickname: 'CAT', deviceId: 'cat', wins: 0, races: 2, bestTimeMs: 98_000 },
    ]);
    expect(store.leaderboard('KXMTA', 1)).toHaveLength(1);
    expect(store.leaderboard('NONE')).toEqual([]);
  });

  it('saves a race all or nothing', () => {
    const bad = race('r1', 1_000, [player('ann', 1, 1_000)]);
    const badMove = { ...bad.moves[0]!, cell: 81 };
    expect(() => store.saveRace({ ...bad, moves: [...bad.moves, badMove] })).toThrow(
      /Race r1 of room KXMTA was not saved/,
    );
    expect(store.historyOf('ann')).toEqual([]);
    store.saveRace(bad);
    expect(() => store.saveRace(bad)).toThrow(/not saved/);
    expect(store.historyOf('ann')).toHaveLength(1);
  });

  it('round-trips room snapshots, replacing and deleting them', () => {
    store.saveRoom('BBBBB', JSON.stringify({ phase: 'lobby' }));
    store.saveRoom('AAAAA', '{"phase":"racing"}');
    store.saveRoom('BBBBB', '{"phase":"racing","n":2}');
    expect(store.loadRooms()).toEqual([
      { code: 'AAAAA', snapshot: '{"phase":"racing"}' },
      { code: 'BBBBB', snapshot: '{"phase":"racing","n":2}' },
    ]);
    store.deleteRoom('AAAAA');
    store.deleteRoom('never-there');
    expect(store.loadRooms().map((r) => r.code)).toEqual(['BBBBB']);
  });
});

describe('store in a data folder', () => {
  let base: string;
  beforeEach(() => (base = mkdtempSync(join(tmpdir(), 'percent-store-'))));
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('creates the folder and keeps races, moves and rooms across a reopen', () => {
    const dataDir = join(base, 'nested', 'data');
    const first = openStore({ dataDir });
    first.saveRace(race('r1', 1_000, [player('ann', 1, 90_000)]));
    first.saveRoom('KXMTA', '{"phase":"lobby"}');
    first.close();

    const second = openStore({ dataDir });
    expect(second.historyOf('ann').map((h) => h.raceId)).toEqual(['r1']);
    expect(second.loadRooms()).toEqual([{ code: 'KXMTA', snapshot: '{"phase":"lobby"}' }]);
    second.close();

    const raw = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
    const moves = raw.prepare('SELECT seq, cell, digit, verdict FROM moves ORDER BY seq').all();
    expect(moves).toEqual([
      { seq: 0, cell: 2, digit: 6, verdict: 'correct' },
      { seq: 1, cell: 3, digit: 1, verdict: 'wrong' },
      { seq: 2, cell: 3, digit: 0, verdict: 'cleared' },
    ]);
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
  });

  it('copies the write-ahead log into the database file in the background', async () => {
    const store = openStore({ dataDir: base });
    const file = join(base, DATABASE_FILE);
    const before = statSync(file).size;
    // About 2 MB: below SQLite's own checkpoint threshold (1000 pages), which is off anyway.
    for (let i = 0; i < 100; i++)
      store.saveRoom(`ROOM${i}`, JSON.stringify({ pad: 'x'.repeat(20_000) }));
    const deadline = Date.now() + 10_000;
    while (statSync(file).size < before + 2_000_000 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(statSync(file).size).toBeGreaterThan(before + 2_000_000);
    expect(store.loadRooms()).toHaveLength(100);
    store.close();
  });

  it('refuses a file that is not a database, and leaves it as it was', () => {
    const file = join(base, DATABASE_FILE);
    writeFileSync(file, 'these are my notes, not a database\n'.repeat(200));
    expect(() => openStore({ dataDir: base })).toThrow(
      /Cannot open the Percent store at .*percent\.db: .*left as it is/,
    );
    expect(readFileSync(file, 'utf8')).toMatch(/^these are my notes/);
  });

  it('refuses another program’s database and one from a newer Percent, keeping their data', () => {
    const file = join(base, DATABASE_FILE);
    const other = new Database(file);
    other.exec("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('keep me')");
    other.close();
    expect(() => openStore({ dataDir: base })).toThrow(/tables \(notes\) but no schema_version/);

    const newer = new Database(file);
    newer.exec(
      'CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (99)',
    );
    newer.close();
    expect(() => openStore({ dataDir: base })).toThrow(/schema version is 99 .* newer version/);

    const after = new Database(file, { readonly: true });
    expect(after.prepare('SELECT text FROM notes').pluck().get()).toBe('keep me');
    after.close();
  });
});
