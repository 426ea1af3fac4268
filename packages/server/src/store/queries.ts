/** The device's races, newest first, with how many played each. */
export const HISTORY_SQL = `SELECT r.id AS raceId, r.room_code AS roomCode, r.variant, r.difficulty, r.ended_at AS endedAt,
              p.nickname, p.place, p.time_ms AS timeMs, p.mistakes, p.outcome,
              p.team_place AS teamPlace,
              (SELECT COUNT(*) FROM race_players q WHERE q.race_id = r.id) AS players
       FROM race_players p JOIN races r ON r.id = p.race_id
       WHERE p.device_id = ?
       ORDER BY r.ended_at DESC, r.rowid DESC
       LIMIT ?`;

/**
 * Per device in the room's races: wins (first places), races, best finishing time, and the
 * nickname it used last. Ranked by wins, then best time (none last), then races.
 */
export const LEADERBOARD_SQL = `
  WITH entries AS (
    SELECT p.device_id, p.nickname, p.place, p.time_ms, p.outcome, r.ended_at, r.rowid AS race_row
    FROM race_players p JOIN races r ON r.id = p.race_id
    WHERE r.room_code = ?
  )
  SELECT
    (SELECT x.nickname FROM entries x WHERE x.device_id = e.device_id
     ORDER BY x.ended_at DESC, x.race_row DESC LIMIT 1) AS nickname,
    e.device_id AS deviceId,
    COUNT(CASE WHEN e.place = 1 THEN 1 END) AS wins,
    COUNT(*) AS races,
    MIN(CASE WHEN e.outcome = 'finished' THEN e.time_ms END) AS bestTimeMs
  FROM entries e
  GROUP BY e.device_id
  ORDER BY wins DESC, bestTimeMs IS NULL, bestTimeMs, races DESC, nickname
  LIMIT ?`;

/** The races of an evening in round order (`tournament-record.ts`). */
export const TOURNAMENT_SQL = `SELECT id, room_code AS roomCode, variant, difficulty, started_at AS startedAt,
              ended_at AS endedAt, tournament_round AS round, tournament_rounds AS rounds
       FROM races WHERE tournament_id = ?
       ORDER BY tournament_round, ended_at
       LIMIT ?`;
