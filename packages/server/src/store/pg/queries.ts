/**
 * The history queries of `../queries.ts` in PostgreSQL's dialect, giving the same rows in the
 * same order: `races.stored` stands for SQLite's rowid (the order races were stored in), and
 * text sorts by code point (`COLLATE "C"`, SQLite's BINARY) whatever the database's locale.
 * Unquoted names fold to lower case in PostgreSQL, so camelCase aliases are quoted.
 */

export const INSERT_RACE_SQL = `INSERT INTO races
    (id, room_code, variant, difficulty, puzzle, solution, started_at, ended_at, pauses, rated,
     commitment, secret, tournament_id, tournament_round, tournament_rounds)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
  ON CONFLICT (id) DO NOTHING
  RETURNING id`;

/** The standings, one array per column (one statement whatever the number of players). */
export const INSERT_PLAYERS_SQL = `INSERT INTO race_players
    (race_id, position, player_id, device_id, nickname, place, time_ms, mistakes, outcome,
     rating_before, rating_after, provisional, flag, points, team, team_place, colour)
  SELECT $1, p.position - 1, p.player_id, p.device_id, p.nickname, p.place, p.time_ms,
         p.mistakes, p.outcome, p.rating_before, p.rating_after, p.provisional, p.flag, p.points,
         p.team, p.team_place, p.colour
  FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::bigint[], $7::int[], $8::text[],
              $9::double precision[], $10::double precision[], $11::boolean[], $12::text[],
              $13::int[], $14::int[], $15::int[], $16::int[])
    WITH ORDINALITY AS p (player_id, device_id, nickname, place, time_ms, mistakes, outcome,
                          rating_before, rating_after, provisional, flag, points, team,
                          team_place, colour, position)`;

/**
 * Rated races are stored one at a time, as SQLite's write lock makes them: the ratings a race
 * changes are read and written back (`settleRatings`) before any other race may read them.
 * Readers (`ratingOf`) are not held up. Taken only in the transaction that stores a rated race
 * for the first time.
 */
export const LOCK_RATINGS_SQL = 'LOCK TABLE ratings IN SHARE ROW EXCLUSIVE MODE';

export const SELECT_RATINGS_SQL = `SELECT device_id AS "deviceId", rating, rd, volatility, races,
  updated_at AS "updatedAt", rated_from AS "ratedFrom"
  FROM ratings WHERE device_id = ANY ($1::text[])`;

/** The new ratings of a stored race's players (`settleRatings`), one array per column. */
export const UPSERT_RATINGS_SQL = `INSERT INTO ratings
    (device_id, rating, rd, volatility, races, updated_at, rated_from)
  SELECT r.device_id, r.rating, r.rd, r.volatility, r.races, $6, $7
  FROM unnest($1::text[], $2::double precision[], $3::double precision[],
              $4::double precision[], $5::int[])
    AS r (device_id, rating, rd, volatility, races)
  ON CONFLICT (device_id) DO UPDATE SET rating = excluded.rating, rd = excluded.rd,
    volatility = excluded.volatility, races = excluded.races, updated_at = excluded.updated_at,
    rated_from = excluded.rated_from`;

export const SELECT_RATING_SQL = `SELECT rating, rd, volatility, races
  FROM ratings WHERE device_id = $1`;

/** The moves in log order (`seq` from 0), one array per column. */
export const INSERT_MOVES_SQL = `INSERT INTO race_moves
    (race_id, seq, player_id, move_id, at, cell, digit, verdict)
  SELECT $1, m.seq - 1, m.player_id, m.move_id, m.at, m.cell, m.digit, m.verdict
  FROM unnest($2::text[], $3::text[], $4::bigint[], $5::int[], $6::int[], $7::text[])
    WITH ORDINALITY AS m (player_id, move_id, at, cell, digit, verdict, seq)`;

export const SELECT_RACE_SQL = `SELECT id, room_code AS "roomCode", variant, difficulty, puzzle,
    solution, started_at AS "startedAt", ended_at AS "endedAt", pauses, rated, commitment,
    secret, tournament_id AS "tournamentId", tournament_round AS "tournamentRound",
    tournament_rounds AS "tournamentRounds"
  FROM races WHERE id = $1`;

export const SELECT_PLAYERS_SQL = `SELECT player_id AS "playerId", device_id AS "deviceId",
    nickname, place, time_ms AS "timeMs", mistakes, outcome, flag, points, team,
    team_place AS "teamPlace", colour, rating_before AS "ratingBefore", rating_after AS "ratingAfter", provisional
  FROM race_players WHERE race_id = $1
  ORDER BY place IS NULL, place, position`;

export const SELECT_MOVES_SQL = `SELECT seq, player_id AS "playerId", move_id AS "moveId", at,
    cell, digit, verdict
  FROM race_moves WHERE race_id = $1 ORDER BY seq`;

/** The device's races, newest first, with how many played each (`HISTORY_SQL`). */
export const HISTORY_SQL = `SELECT r.id AS "raceId", r.room_code AS "roomCode", r.variant,
    r.difficulty, r.ended_at AS "endedAt", p.nickname, p.place, p.time_ms AS "timeMs",
    p.mistakes, p.outcome, p.team_place AS "teamPlace",
    (SELECT COUNT(*) FROM race_players q WHERE q.race_id = r.id) AS players
  FROM race_players p JOIN races r ON r.id = p.race_id
  WHERE p.device_id = $1
  ORDER BY r.ended_at DESC, r.stored DESC
  LIMIT $2`;

/**
 * Per device in the room's races: wins, races, best finishing time and the nickname it used
 * last (`LEADERBOARD_SQL`). PostgreSQL cannot sort by an expression over an output alias, so
 * the ranking is done over a second CTE. The device id breaks what is left of a tie.
 */
export const LEADERBOARD_SQL = `
  WITH entries AS (
    SELECT p.device_id, p.nickname, p.place, p.time_ms, p.outcome, r.ended_at,
           r.stored AS race_row
    FROM race_players p JOIN races r ON r.id = p.race_id
    WHERE r.room_code = $1
  ), ranked AS (
    SELECT
      (SELECT x.nickname FROM entries x WHERE x.device_id = e.device_id
       ORDER BY x.ended_at DESC, x.race_row DESC LIMIT 1) AS nickname,
      e.device_id,
      COUNT(CASE WHEN e.place = 1 THEN 1 END) AS wins,
      COUNT(*) AS races,
      MIN(CASE WHEN e.outcome = 'finished' THEN e.time_ms END) AS best_time_ms
    FROM entries e
    GROUP BY e.device_id
  )
  SELECT nickname, device_id AS "deviceId", wins, races, best_time_ms AS "bestTimeMs"
  FROM ranked
  ORDER BY wins DESC, best_time_ms IS NULL, best_time_ms, races DESC,
           nickname COLLATE "C", device_id COLLATE "C"
  LIMIT $2`;

/** The races of an evening in round order (`TOURNAMENT_SQL`). */
export const TOURNAMENT_SQL = `SELECT id, room_code AS "roomCode", variant, difficulty,
    started_at AS "startedAt", ended_at AS "endedAt", tournament_round AS round,
    tournament_rounds AS rounds
  FROM races WHERE tournament_id = $1
  ORDER BY tournament_round, ended_at
  LIMIT $2`;

/** The standings of several races (an evening's rounds), in each race's order. */
export const SELECT_PLAYERS_OF_SQL = `SELECT race_id AS "raceId", player_id AS "playerId",
    device_id AS "deviceId", nickname, place, time_ms AS "timeMs", mistakes, outcome, flag,
    points, team, team_place AS "teamPlace", colour, rating_before AS "ratingBefore", rating_after AS "ratingAfter", provisional
  FROM race_players WHERE race_id = ANY ($1::text[])
  ORDER BY race_id, place IS NULL, place, position`;
