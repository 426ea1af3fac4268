/**
 * Error codes and the reply shape. Every acknowledgement is a result value, never a thrown
 * error; `message` is English for logs and developers, clients translate by `code`.
 */

export const ErrorCode = {
  /** The payload failed its schema; the message names the event and the field. */
  badPayload: 'BAD_PAYLOAD',
  /** The client speaks another protocol version (refused at connection). */
  versionMismatch: 'VERSION_MISMATCH',
  /** Too many events from one socket in a short time; sustained abuse disconnects. */
  rateLimited: 'RATE_LIMITED',
  /** No room has this code (or it has closed). */
  roomNotFound: 'ROOM_NOT_FOUND',
  /** The room has as many players as its cap. */
  roomFull: 'ROOM_FULL',
  /** The host locked the room: no new players (spectators may still watch). */
  roomLocked: 'ROOM_LOCKED',
  /** The event needs a seat (or a room) and this socket has none. */
  notInRoom: 'NOT_IN_ROOM',
  /** Only the host may do this. */
  notHost: 'NOT_HOST',
  /** The target player is not in the room. */
  playerNotFound: 'PLAYER_NOT_FOUND',
  /** Not possible in the room's current phase (e.g. settings during a race, a move in the lobby). */
  wrongPhase: 'WRONG_PHASE',
  /** The host started while some players were not ready; the message names them. */
  notReady: 'NOT_READY',
  /** The host started a race while every seat sits out: nobody would play. */
  noPlayers: 'NO_PLAYERS',
  /** The move targets a given (a clue of the puzzle), which cannot change. */
  givenCell: 'GIVEN_CELL',
  /** The player's race is over (finished, out, gave up) or they have no runner: no more moves. */
  notRacing: 'NOT_RACING',
  /** The same client move id was used for a different move. */
  moveIdReused: 'MOVE_ID_REUSED',
  /**
   * The server keeps a secret for this device id and the payload (or the request's
   * `Percent-Device-Secret` header) did not carry it: the id is another device's.
   */
  deviceNotYours: 'DEVICE_NOT_YOURS',
  /** Your seat has gone (a repeated join that crossed a kick or an expiry). */
  sessionInvalid: 'SESSION_INVALID',
  /** No finished race has this id (`GET /api/races/:raceId`). */
  raceNotFound: 'RACE_NOT_FOUND',
  /** `race:start` in a team race while a team has no playing member; the message names it. */
  teamEmpty: 'TEAM_EMPTY',
  /** No round of this evening is stored (`GET /api/tournaments/:id`). */
  tournamentNotFound: 'TOURNAMENT_NOT_FOUND',
  /** No puzzle could be produced in time; try again. */
  puzzleUnavailable: 'PUZZLE_UNAVAILABLE',
  /**
   * `room:puzzle`: the brought puzzle cannot be read, or has no solution or more than one under
   * the room's variant, or two givens clash; the message says which (in English: a client shows
   * its own check's words, made before it sent the puzzle).
   */
  puzzleRefused: 'PUZZLE_REFUSED',
  /**
   * The room is between owner nodes (its node died and another is taking it over, this node
   * lost its link to Redis and cannot prove it still owns the room, or a forwarded command got
   * no reply from the owner in time). Send the same command again shortly. Usually nothing was
   * changed; when the owner stopped answering mid-command it may have been carried out, which
   * is why a move is sent again with its same `moveId`: it counts once (`duplicate: true`).
   */
  roomUnavailable: 'ROOM_UNAVAILABLE',
  /** A bug or an unavailable resource on the server; the room is unchanged. */
  internal: 'INTERNAL',
} as const;
export type ErrorCodeName = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface WireError {
  readonly code: ErrorCodeName;
  readonly message: string;
}

/** Every acknowledgement: success with its fields, or an error value. */
export type Result<T extends object = object> =
  ({ readonly ok: true } & T) | { readonly ok: false; readonly error: WireError };

export const ok = <T extends object>(value: T): Result<T> => ({ ok: true, ...value });
export const fail = (code: ErrorCodeName, message: string): Result<never> => ({
  ok: false,
  error: { code, message },
});
