import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from './sqlite.ts';
import type { MoveRecord, PersistEffect, RacePlayerRecord, RaceRecord } from '../rooms/index.ts';
import { MIGRATIONS } from './migrations.ts';
import { openStore, type Store } from './store.ts';

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
    flag: null,
    points: null,
    team: null,
    teamPlace: null,
    colour: null,
    rating: null,
    oldRating: null,
    newRating: null,
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
    tournament: null,
    variant: 'percent',
    difficulty: 'easy',
    puzzle: PUZZLE,
    solution: SOLUTION,
    startedAt: endedAt - 60_000,
    endedAt,
    pauses: [],
    rated: false,
    commitment: 'c0'.repeat(32),
    secret: '5e'.repeat(32),
    players,
  };
}

/**
 * The race as `raceOf` reads it back: the ratings are kept in `ratings`, not with it; its
 * pauses give its length on the race clock instead.
 */
const asStored = ({ pauses: _pauses, ...record }: RaceRecord) => ({
  ...record,
  durationMs: record.endedAt - record.startedAt,
  players: record.players.map(({ oldRating: _old, newRating: _new, ...p }) => p),
});

/** Three logged moves of `race`'s first player: right, wrong, cleared. */
function movesOf(race: RaceRecord): MoveRecord[] {
  const playerId = race.players[0]!.playerId;
  const at = race.endedAt - 50_000;
  return [
    { playerId, moveId: 'a', at, cell: 2, digit: 6, verdict: 'correct' },
    { playerId, moveId: 'b', at: at + 1, cell: 3, digit: 1, verdict: 'wrong' },
    { playerId, moveId: 'c', at: at + 2, cell: 3, digit: 0, verdict: 'cleared' },
  ];
}

/** The race as the core stores it: its moves as they were judged, then the record. */
function saveRace(store: Store, record: RaceRecord): void {
  movesOf(record).forEach((move, seq) =>
    store.commit([{ type: 'persistMove', raceId: record.id, seq, move }]),
  );
  store.commit([{ type: 'persistRace', record }]);
}

const room = (code: string, snapshot: string, raceId: string | null = null) =>
  ({ type: 'persistRoom', code, raceId, snapshot }) as const;

describe('store in memory', () => {
  let store: Store;
  beforeEach(() => (store = openStore({ memory: true })));
  afterEach(() => store.close());

  it('lists a device’s races newest first, with the number of players', () => {
    saveRace(store, race('r1', 1_000_000, [player('ann', 1, 90_000), player('bob', 2, 95_000)]));
    saveRace(store, race('r2', 2_000_000, [player('bob', 1, 80_000), player('ann', null, null)]));
    saveRace(store, race('r3', 3_000_000, [player('cat', 1, 70_000)]));
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
    saveRace(
      store,
      race('r1', 1_000, [
        player('ann', 1, 90_000),
        player('bob', 2, 95_000),
        player('cat', 3, 99_000),
      ]),
    );
    saveRace(
      store,
      race('r2', 2_000, [
        player('bob', 1, 80_000),
        player('ann', 2, 85_000),
        player('cat', 3, 98_000),
      ]),
    );
    saveRace(
      store,
      race('r3', 3_000, [
        player('bob', 1, 88_000, { nickname: 'Bobby' }),
        player('ann', null, null),
      ]),
    );
    saveRace(store, race('elsewhere', 4_000, [player('cat', 1, 10_000)], 'QQQQQ'));
    expect(store.leaderboard('KXMTA')).toEqual([
      { nickname: 'Bobby', deviceId: 'bob', wins: 2, races: 3, bestTimeMs: 80_000 },
      { nickname: 'ANN', deviceId: 'ann', wins: 1, races: 3, bestTimeMs: 85_000 },
      { nickname: 'CAT', deviceId: 'cat', wins: 0, races: 2, bestTimeMs: 98_000 },
    ]);
    expect(store.leaderboard('KXMTA', 1)).toHaveLength(1);
    expect(store.leaderboard('NONE')).toEqual([]);
  });

  it('commits all of a command’s writes or none, and refuses a second move at a taken place', () => {
    const record = race('r1', 1_000, [player('ann', 1, 1_000)]);
    const [first, second] = movesOf(record);
    store.commit([{ type: 'persistMove', raceId: 'r1', seq: 0, move: first! }]);
    // Another writer's move where the log already has one (a move id counting once is the
    // room core's rule: room-runner.test.ts, "restoring rooms from the store").
    const again = { type: 'persistMove', raceId: 'r1', seq: 0, move: { ...second!, moveId: 'z' } };
    expect(() => store.commit([again as never])).toThrow(/not stored \(move 0 of race r1\)/);
    const bad = { type: 'persistMove', raceId: 'r1', seq: 1, move: { ...second!, cell: 81 } };
    expect(() =>
      store.commit([bad as never, { type: 'persistRace', record }, room('KXMTA', '{}')]),
    ).toThrow(/race r1 of room KXMTA/);
    expect(store.historyOf('ann')).toEqual([]);
    expect(store.loadRooms()).toEqual([]);
    expect(store.movesOf('r1')).toEqual({ ok: true, value: [first] });
    store.commit([{ type: 'persistRace', record }]);
    expect(() => store.commit([{ type: 'persistRace', record }])).toThrow(/not stored/);
    expect(store.historyOf('ann')).toHaveLength(1);
  });

  it('reads a finished race back with its standings and every move, for a replay', () => {
    const record = race('r1', 1_000_000, [player('bob', 1, 80_000), player('ann', null, null)]);
    saveRace(store, record);
    const stored = store.raceOf('r1');
    expect(stored).toEqual({
      ok: true,
      value: {
        ...asStored(record),
        moves: movesOf(record).map((move, seq) => ({
          ...move,
          raceId: 'r1',
          seq,
          ms: move.at - record.startedAt,
        })),
      },
    });
    expect(store.raceOf('nope')).toBeUndefined();
  });

  it('round-trips room snapshots with their race, replacing and deleting them', () => {
    store.commit([room('BBBBB', JSON.stringify({ phase: 'lobby' }))]);
    store.commit([room('AAAAA', '{"phase":"racing"}', 'r9')]);
    store.commit([room('BBBBB', '{"phase":"racing","n":2}', 'r1')]);
    expect(store.loadRooms()).toEqual([
      { code: 'AAAAA', raceId: 'r9', snapshot: '{"phase":"racing"}' },
      { code: 'BBBBB', raceId: 'r1', snapshot: '{"phase":"racing","n":2}' },
    ]);
    store.commit([{ type: 'forgetRoom', code: 'AAAAA' }]);
    store.commit([{ type: 'forgetRoom', code: 'never-there' }]);
    expect(store.loadRooms().map((r) => r.code)).toEqual(['BBBBB']);
  });

  it('stores the outcomes of giving up and of the idle rule, and reads them back', () => {
    const record = race('r-out', 100_000, [
      player('ann', 1, 30_000),
      player('bob', null, null, { outcome: 'forfeited' }),
      player('cy', null, null, { outcome: 'idle' }),
    ]);
    saveRace(store, record);
    const back = store.raceOf('r-out');
    expect(back?.ok && back.value.players.map((p) => p.outcome)).toEqual([
      'finished',
      'forfeited',
      'idle',
    ]);
    expect(store.historyOf('bob')[0]?.outcome).toBe('forfeited');
  });

  it('keeps one heartbeat, the latest, for a restart to measure its outage by', () => {
    expect(store.lastHeartbeat()).toBeNull();
    store.heartbeat(1000);
    store.heartbeat(2000.4);
    expect(store.lastHeartbeat()).toEqual({ at: 2000, final: false });
    store.heartbeat(2500, true); // a clean stop says so
    expect(store.lastHeartbeat()).toEqual({ at: 2500, final: true });
    store.heartbeat(3000); // the next run beats again
    expect(store.lastHeartbeat()).toEqual({ at: 3000, final: false });
  });

  it('times the commits that append moves, and counts the moves they hold', () => {
    expect(store.appendTimes().count).toBe(0);
    saveRace(store, race('r1', 1_000, [player('ann', 1, 1_000)]));
    const times = store.appendTimes();
    expect([times.count, times.moves]).toEqual([3, 3]);
    expect(times.p50Us).toBeGreaterThan(0);
    expect(times.p99Us).toBeGreaterThanOrEqual(times.p50Us);
    // One group commit of two moves: one more commit, two more moves.
    const moveOf = (seq: number): PersistEffect => ({
      type: 'persistMove',
      raceId: 'r2',
      seq,
      move: { playerId: 'p1', moveId: `g${seq}`, at: 0, cell: 0, digit: 1, verdict: 'correct' },
    });
    store.commit([moveOf(0), moveOf(1)]);
    const grouped = store.appendTimes();
    expect([grouped.count, grouped.moves]).toEqual([4, 5]);
  });
});

describe('store in a data folder', () => {
  let base: string;
  beforeEach(() => (base = mkdtempSync(join(tmpdir(), 'percent-store-'))));
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('creates the folder and keeps races, moves and rooms across a reopen', () => {
    const dataDir = join(base, 'nested', 'data');
    const first = openStore({ dataDir });
    saveRace(first, race('r1', 1_000, [player('ann', 1, 90_000)]));
    first.commit([room('KXMTA', '{"phase":"lobby"}')]);
    first.close();

    const second = openStore({ dataDir });
    expect(second.historyOf('ann').map((h) => h.raceId)).toEqual(['r1']);
    expect(second.loadRooms()).toEqual([
      { code: 'KXMTA', raceId: null, snapshot: '{"phase":"lobby"}' },
    ]);
    second.close();

    const raw = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
    const moves = raw.prepare('SELECT seq, move_id, cell, digit, verdict FROM move_log').all();
    expect(moves).toEqual([
      { seq: 0, move_id: 'a', cell: 2, digit: 6, verdict: 'correct' },
      { seq: 1, move_id: 'b', cell: 3, digit: 1, verdict: 'wrong' },
      { seq: 2, move_id: 'c', cell: 3, digit: 0, verdict: 'cleared' },
    ]);
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    // One b-tree per stored move: the log is its primary key's, with no index beside it.
    const indexes = "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'move_log'";
    expect(raw.prepare(indexes).all()).toEqual([]);
    raw.close();
  });

  it('upgrades a version-1 database, keeping its races, moves and snapshots', () => {
    const file = join(base, DATABASE_FILE);
    const old = new Database(file);
    old.exec(MIGRATIONS[0]!);
    old.exec(
      'CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (1)',
    );
    old.exec(`INSERT INTO races VALUES ('r1', 'KXMTA', 'percent', 'easy', '${PUZZLE}', '${SOLUTION}', 1, 2);
      INSERT INTO race_players VALUES ('r1', 'p1', 'ann', 'Ann', 1, 1000, 0, 'finished');
      INSERT INTO moves VALUES ('r1', 0, 'p1', 5, 2, 6, 'correct'), ('r1', 1, 'p1', 6, 3, 1, 'wrong');
      INSERT INTO rooms VALUES ('KXMTA', '{"version":1}', 9)`);
    old.close();
    const store = openStore({ dataDir: base });
    expect(store.historyOf('ann').map((h) => h.raceId)).toEqual(['r1']);
    const stored = store.raceOf('r1');
    expect(stored?.ok && stored.value.moves.map((m) => [m.moveId, m.cell, m.verdict])).toEqual([
      ['legacy-0', 2, 'correct'],
      ['legacy-1', 3, 'wrong'],
    ]);
    expect(store.loadRooms()).toEqual([{ code: 'KXMTA', raceId: null, snapshot: '{"version":1}' }]);
    store.close();
  });

  it('reports a damaged move row instead of trusting it', () => {
    const store = openStore({ dataDir: base });
    const move = {
      playerId: 'p1',
      moveId: 'a',
      at: 1,
      cell: 2,
      digit: 6,
      verdict: 'correct',
    } as const;
    store.commit([{ type: 'persistMove', raceId: 'r1', seq: 0, move }]);
    store.commit([{ type: 'persistMove', raceId: 'r1', seq: 2, move: { ...move, moveId: 'b' } }]);
    expect(store.movesOf('r1')).toEqual({
      ok: false,
      message: 'move_log of race r1 has no move 1 (gap)',
    });
    store.close();
    const raw = new Database(join(base, DATABASE_FILE));
    raw.exec("UPDATE move_log SET player_id = '' WHERE seq = 0");
    raw.close();
    const again = openStore({ dataDir: base });
    expect(again.movesOf('r1')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/row 0 of race r1: playerId/),
    });
    again.close();
  });

  it('copies the write-ahead log into the database file in the background', async () => {
    const store = openStore({ dataDir: base });
    const file = join(base, DATABASE_FILE);
    const before = statSync(file).size;
    // About 2 MB: below SQLite's own checkpoint threshold (1000 pages), which is off anyway.
    for (let i = 0; i < 100; i++)
      store.commit([room(`ROOM${i}`, JSON.stringify({ pad: 'x'.repeat(20_000) }))]);
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
