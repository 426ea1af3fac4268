import { createHistogram } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { createLogger } from '../log.ts';
import type { MoveRecord, PersistEffect, RaceRecord, Rating, StoredRace } from '../rooms/index.ts';
import {
  movesFromRows,
  playerRow,
  PlayerRowSchema,
  RaceRowSchema,
  settleRatings,
  type StoredRating,
  RatingRowSchema,
  storedRace,
  type PlayerRow,
  type RaceRow,
} from './rows.ts';
import { HISTORY_SQL, LEADERBOARD_SQL, TOURNAMENT_SQL } from './queries.ts';
import {
  MAX_TOURNAMENT_RACES,
  TournamentRaceRowSchema,
  tournamentRecord,
} from './tournament-record.ts';
import type { TournamentRecordView } from '@percent/protocol';
import type {
  AppendTimes,
  HistoryEntry,
  LeaderboardEntry,
  Heartbeat,
  Loaded,
  SavedRoom,
  Store,
  StoreHealth,
} from './store.ts';

const DEFAULT_HISTORY_LIMIT = 50;
const DEFAULT_LEADERBOARD_LIMIT = 20;
/** A commit slower than this blocks the event loop noticeably: it is logged. */
const SLOW_COMMIT_MS = 50;

const log = createLogger('store');

/** The store on one SQLite connection; statements are prepared once. */
export class SqliteStore implements Store {
  private readonly statements;
  private readonly transaction;
  private readonly recordOnce;
  /** The last write failed (a full disk, a read-only file): `/healthz` says so until one works. */
  private failing: string | null = null;
  /** What opening the file found wrong but could live with (said at start and in `/healthz`). */
  readonly problems: string[] = [];
  /** Durations of move-only commits in ns (1 ns … 60 s). */
  private readonly appends = createHistogram({ lowest: 1, highest: 60e9, figures: 3 });
  /** The moves those commits held. */
  private appendedMoves = 0;

  constructor(
    private readonly db: Database.Database,
    private readonly checkpoints: Worker | undefined,
  ) {
    this.statements = prepare(db);
    this.transaction = db.transaction((writes: readonly PersistEffect[]) => {
      for (const write of writes) this.write(write);
    });
    this.recordOnce = db.transaction((raceId: string, writes: readonly PersistEffect[]) => {
      if (this.statements.selectRaceId.get(raceId) !== undefined) return false;
      for (const write of writes) this.write(write);
      return true;
    });
  }

  commit(writes: readonly PersistEffect[]): void {
    if (writes.length === 0) return;
    const durable = writes.some((w) => w.type === 'persistRace');
    const started = performance.now();
    try {
      if (durable) this.db.pragma('synchronous = FULL');
      this.transaction(writes);
      this.failing = null;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.failing = reason;
      throw new Error(`not stored (${writes.map(describe).join(', ')}): ${reason}`, {
        cause: error,
      });
    } finally {
      if (durable) this.db.pragma('synchronous = NORMAL');
      this.time(writes, performance.now() - started);
    }
  }

  /**
   * The history's `recordRace`: the moves of a race run elsewhere (another worker process
   * logged them) and its standings, in one transaction that stores a power loss, unless a race
   * with its id is stored already. False when it was. The write lock is taken first (BEGIN
   * IMMEDIATE), so a writer in another process is waited for, not a reason to fail.
   */
  recordRace(record: RaceRecord, moves: readonly MoveRecord[]): boolean {
    const raceId = record.id;
    const writes: PersistEffect[] = moves.map((move, seq) => ({
      type: 'persistMove',
      raceId,
      seq,
      move,
    }));
    writes.push({ type: 'persistRace', record });
    this.db.pragma('synchronous = FULL');
    try {
      return this.recordOnce.immediate(raceId, writes);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`not stored (${describe(writes.at(-1)!)}): ${reason}`, { cause: error });
    } finally {
      this.db.pragma('synchronous = NORMAL');
    }
  }

  /** Whether the database answers (false once closed); never throws. */
  ping(): boolean {
    try {
      return this.db.open && this.statements.selectOne.get() !== undefined;
    } catch {
      return false;
    }
  }

  private time(writes: readonly PersistEffect[], ms: number): void {
    // A move-only commit: one move, or a turn's moves of several rooms (`GroupCommit`).
    if (writes.every((w) => w.type === 'persistMove')) {
      this.appends.record(Math.max(1, Math.round(ms * 1e6)));
      this.appendedMoves += writes.length;
    }
    if (ms > SLOW_COMMIT_MS)
      log.warn({ ms: Math.round(ms) }, `slow commit: ${writes.map(describe).join(', ')}`);
  }

  private write(write: PersistEffect): void {
    const s = this.statements;
    switch (write.type) {
      case 'persistMove': {
        const { raceId, seq, move } = write;
        s.insertMove.run(
          raceId,
          seq,
          move.playerId,
          move.moveId,
          move.at,
          move.cell,
          move.digit,
          move.verdict,
        );
        return;
      }
      case 'persistRace': {
        // Ratings move only with a race stored now: a race stored before (a retry) fails
        // here or is skipped by `recordRace`, so no rating counts a race twice. The race's
        // insert took the write lock: the ratings read next are current until the commit,
        // and the race's changes are settled from them (`settleRatings`).
        const { players: _players, rated: _rated, pauses, tournament, ...row } = write.record;
        s.insertRace.run({
          ...row,
          rated: 0,
          pauses: JSON.stringify(pauses),
          tournamentId: tournament?.id ?? null,
          tournamentRound: tournament?.round ?? null,
          tournamentRounds: tournament?.rounds ?? null,
        });
        const settled = settleRatings(write.record, (deviceId) =>
          s.selectStoredRating.get(deviceId),
        );
        if (settled.record.rated) s.markRated.run(row.id);
        for (const player of settled.record.players) s.insertPlayer.run(playerRow(row.id, player));
        for (const rating of settled.rows) s.upsertRating.run(rating);
        return;
      }
      case 'persistRoom':
        s.upsertRoom.run(write.code, write.snapshot, write.raceId, Date.now());
        return;
      case 'forgetRoom':
        s.deleteRoom.run(write.code);
        return;
    }
  }

  loadRooms(): SavedRoom[] {
    return this.statements.selectRooms.all();
  }

  movesOf(raceId: string): Loaded<MoveRecord[]> {
    return movesFromRows(raceId, this.statements.selectMoves.all(raceId));
  }

  raceOf(raceId: string): Loaded<StoredRace> | undefined {
    const row = this.statements.selectRace.get(raceId);
    if (row === undefined) return undefined;
    const race = RaceRowSchema.safeParse(row);
    const players = PlayerRowSchema.array().safeParse(this.statements.selectPlayers.all(raceId));
    if (!race.success || !players.success) {
      return { ok: false, message: `race ${raceId}: a stored row is damaged` };
    }
    const moves = this.movesOf(raceId);
    if (!moves.ok) return moves;
    return { ok: true, value: storedRace(race.data, players.data, moves.value) };
  }

  /** An evening's stored rounds (`/api/tournaments/:id`); undefined when none is stored. */
  tournamentOf(id: string): Loaded<TournamentRecordView> | undefined {
    const rows = this.statements.selectTournament.all(id, MAX_TOURNAMENT_RACES);
    const races = [];
    for (const row of rows) {
      const race = TournamentRaceRowSchema.safeParse(row);
      const players = race.success
        ? PlayerRowSchema.array().safeParse(this.statements.selectPlayers.all(race.data.id))
        : undefined;
      if (!race.success || !players?.success) {
        return { ok: false, message: `tournament ${id}: a stored row is damaged` };
      }
      races.push({ race: race.data, players: players.data });
    }
    const record = tournamentRecord(id, races);
    return record && { ok: true, value: record };
  }

  ratingOf(deviceId: string): Rating | null {
    const row = this.statements.selectRating.get(deviceId);
    if (row === undefined) return null;
    const rating = RatingRowSchema.safeParse(row);
    if (!rating.success) throw new Error(`the rating of device ${deviceId} is damaged`);
    return { ...rating.data };
  }

  historyOf(deviceId: string, limit = DEFAULT_HISTORY_LIMIT): HistoryEntry[] {
    return this.statements.selectHistory.all(deviceId, limit);
  }

  leaderboard(roomCode: string, limit = DEFAULT_LEADERBOARD_LIMIT): LeaderboardEntry[] {
    return this.statements.selectLeaderboard.all(roomCode, limit);
  }

  appendTimes(): AppendTimes {
    const h = this.appends;
    const us = (ns: number) => Math.round(ns / 100) / 10;
    if (h.count === 0) return { count: 0, moves: 0, p50Us: 0, p99Us: 0, maxUs: 0 };
    return {
      count: h.count,
      moves: this.appendedMoves,
      p50Us: us(h.percentile(50)),
      p99Us: us(h.percentile(99)),
      maxUs: us(h.max),
    };
  }

  heartbeat(at: number, final = false): void {
    try {
      this.statements.upsertHeartbeat.run(Math.round(at), final ? 1 : 0);
      this.failing = null;
    } catch (error) {
      this.failing = error instanceof Error ? error.message : String(error);
      throw error;
    }
  }

  /**
   * Whether the store can write now (the last write, a command's or the heartbeat's every
   * second, went through) and what opening it found wrong.
   */
  health(): StoreHealth {
    return { writable: this.failing === null, failing: this.failing, problems: this.problems };
  }

  lastHeartbeat(): Heartbeat | null {
    const row = this.statements.selectHeartbeat.get();
    return row ? { at: row.at, final: row.final === 1 } : null;
  }

  /** Closing the last connection checkpoints the whole log into the database file. */
  close(): void {
    this.checkpoints?.postMessage('stop');
    if (this.db.open) this.db.close();
  }
}

function describe(write: PersistEffect): string {
  switch (write.type) {
    case 'persistMove':
      return `move ${write.seq} of race ${write.raceId}`;
    case 'persistRace':
      return `race ${write.record.id} of room ${write.record.roomCode}`;
    case 'persistRoom':
    case 'forgetRoom':
      return `room ${write.code}`;
  }
}

function prepare(db: Database.Database) {
  return {
    insertMove: db.prepare<[string, number, string, string, number, number, number, string]>(
      `INSERT INTO move_log (race_id, seq, player_id, move_id, at, cell, digit, verdict)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertRace: db.prepare<RaceRow>(
      `INSERT INTO races (id, room_code, variant, difficulty, puzzle, solution, started_at, ended_at,
                          pauses, rated, commitment, secret, tournament_id, tournament_round,
                          tournament_rounds)
       VALUES (@id, @roomCode, @variant, @difficulty, @puzzle, @solution, @startedAt, @endedAt,
               @pauses, @rated, @commitment, @secret, @tournamentId, @tournamentRound,
               @tournamentRounds)`,
    ),
    insertPlayer: db.prepare<PlayerRow>(
      `INSERT INTO race_players (race_id, player_id, device_id, nickname, place, time_ms, mistakes,
                                 outcome, flag, points, team, team_place, colour, rating_before,
                                 rating_after, provisional)
       VALUES (@raceId, @playerId, @deviceId, @nickname, @place, @timeMs, @mistakes, @outcome,
               @flag, @points, @team, @teamPlace, @colour, @ratingBefore, @ratingAfter,
               @provisional)`,
    ),
    markRated: db.prepare<[string]>('UPDATE races SET rated = 1 WHERE id = ?'),
    selectStoredRating: db.prepare<[string], StoredRating>(
      `SELECT rating, rd, volatility, races, updated_at AS updatedAt, rated_from AS ratedFrom
       FROM ratings WHERE device_id = ?`,
    ),
    upsertRating: db.prepare<ReturnType<typeof settleRatings>['rows'][number]>(
      `INSERT INTO ratings (device_id, rating, rd, volatility, races, updated_at, rated_from)
       VALUES (@deviceId, @rating, @rd, @volatility, @races, @updatedAt, @ratedFrom)
       ON CONFLICT (device_id) DO UPDATE SET rating = excluded.rating, rd = excluded.rd,
         rated_from = excluded.rated_from,
         volatility = excluded.volatility, races = excluded.races, updated_at = excluded.updated_at`,
    ),
    selectRating: db.prepare<[string], unknown>(
      'SELECT rating, rd, volatility, races FROM ratings WHERE device_id = ?',
    ),
    upsertRoom: db.prepare<[string, string, string | null, number]>(
      `INSERT INTO rooms (code, snapshot, race_id, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (code) DO UPDATE SET snapshot = excluded.snapshot,
         race_id = excluded.race_id, updated_at = excluded.updated_at`,
    ),
    deleteRoom: db.prepare<[string]>('DELETE FROM rooms WHERE code = ?'),
    upsertHeartbeat: db.prepare<[number, number]>(
      'INSERT INTO heartbeat (id, at, final) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at, final = excluded.final',
    ),
    selectHeartbeat: db.prepare<[], { at: number; final: number }>(
      'SELECT at, final FROM heartbeat WHERE id = 1',
    ),
    selectRooms: db.prepare<[], SavedRoom>(
      'SELECT code, race_id AS raceId, snapshot FROM rooms ORDER BY code',
    ),
    selectMoves: db.prepare<[string], unknown>(
      `SELECT seq, player_id AS playerId, move_id AS moveId, at, cell, digit, verdict
       FROM move_log WHERE race_id = ? ORDER BY seq`,
    ),
    selectRaceId: db.prepare<[string], { id: string }>('SELECT id FROM races WHERE id = ?'),
    selectOne: db.prepare<[], { one: number }>('SELECT 1 AS one'),
    selectRace: db.prepare<[string], unknown>(
      `SELECT id, room_code AS roomCode, variant, difficulty, puzzle, solution,
              started_at AS startedAt, ended_at AS endedAt, pauses, rated, commitment, secret,
              tournament_id AS tournamentId, tournament_round AS tournamentRound,
              tournament_rounds AS tournamentRounds
       FROM races WHERE id = ?`,
    ),
    selectPlayers: db.prepare<[string], unknown>(
      `SELECT player_id AS playerId, device_id AS deviceId, nickname, place, time_ms AS timeMs,
              mistakes, outcome, flag, points, team, team_place AS teamPlace, colour,
              rating_before AS ratingBefore,
              rating_after AS ratingAfter, provisional
       FROM race_players WHERE race_id = ? ORDER BY place IS NULL, place, rowid`,
    ),
    selectHistory: db.prepare<[string, number], HistoryEntry>(HISTORY_SQL),
    selectTournament: db.prepare<[string, number], unknown>(TOURNAMENT_SQL),
    selectLeaderboard: db.prepare<[string, number], LeaderboardEntry>(LEADERBOARD_SQL),
  };
}
