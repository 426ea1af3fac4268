import { expect } from 'vitest';
import { reduce } from '../src/rooms/reduce.ts';
import { createRoom } from '../src/rooms/room.ts';
import type {
  Fairness,
  Command,
  CommandType,
  Effect,
  PuzzleDraw,
  Replies,
  Room,
  RoomTimings,
  Transition,
} from '../src/rooms/types.ts';

/** A valid classic solution (shifted rows) and a puzzle with the first `blanks` cells open. */
export const SOLUTION = Array.from({ length: 81 }, (_, i) => {
  const r = Math.floor(i / 9);
  const c = i % 9;
  return String(((r * 3 + Math.floor(r / 3) + c) % 9) + 1);
}).join('');
export const BLANK_CELLS = [0, 1, 2, 10, 40];
export const PUZZLE = SOLUTION.split('')
  .map((d, i) => (BLANK_CELLS.includes(i) ? '0' : d))
  .join('');
export const DRAW: PuzzleDraw = {
  puzzle: PUZZLE,
  solution: SOLUTION,
  variant: 'classic',
  difficulty: 'easy',
};
/**
 * The fixtures' races last milliseconds: the minimum rated length is off here (its own tests,
 * `rating-rules.test.ts`, turn it on).
 */
export const TIMINGS: RoomTimings = { countdownMs: 3000, graceMs: 60_000, minRatedMs: 0 };
export const digitAt = (cell: number): number => Number(SOLUTION[cell]);
/** A digit that is wrong at `cell`. */
export const wrongAt = (cell: number): number => (digitAt(cell) % 9) + 1;

/** Player `pN` joins over connection `cN` in these fixtures. */
export const conn = (playerId: string): string => `c${playerId.slice(1)}`;
export const tokenOf = (n: number): string => `token-${n}-abcdefghijklmnop`;

type Success<T extends CommandType> = Extract<Transition<Replies[T]>, { ok: true }>;

/** Applies a command that must succeed. */
export function apply<C extends Command>(room: Room, command: C, now = 1000): Success<C['type']> {
  const outcome = reduce(room, command, now);
  if (!outcome.ok) expect.fail(`${command.type} failed: ${outcome.error.message}`);
  return outcome as Success<C['type']>;
}

/** The error code of a command that must fail. */
export function refusal(room: Room, command: Command, now = 1000): string {
  const outcome = reduce(room, command, now);
  if (outcome.ok) expect.fail(`${command.type} should have failed`);
  return outcome.error.code;
}

export const joinCmd = (nickname: string, n: number, sessionToken?: string) =>
  ({
    type: 'join',
    connectionId: `c${n}`,
    nickname,
    deviceId: `device-${n}`,
    sessionToken,
    newToken: tokenOf(n),
  }) as const;

/** A lobby with players p1 (host, Ann), p2 (Bob), … on connections c1, c2, … all ready. */
export function lobbyWith(names: string[], settings: Partial<Room['settings']> = {}): Room {
  let room = createRoom('KQZTM', TIMINGS, settings);
  names.forEach((name, i) => {
    room = apply(room, joinCmd(name, i + 1)).room;
    room = apply(room, { type: 'ready', connectionId: `c${i + 1}`, ready: true }).room;
  });
  return room;
}

/**
 * The commit–reveal pair a runner would make for DRAW with a fixed secret: the commitment is
 * `printf '%s' "$PUZZLE$SOLUTION$SECRET" | sha256sum` (checked by the runner's tests).
 */
export const SECRET = 'ab'.repeat(32);
export const FAIRNESS: Fairness = {
  secret: SECRET,
  commitment: '9c2eb5f0fca24699c30f61d46e6b30ab881c96ade37cb931357bf75957996e9d',
};

export const startCmd = {
  type: 'start',
  connectionId: 'c1',
  raceId: 'race-1',
  draw: DRAW,
  fairness: FAIRNESS,
} as const;

/** A race in progress (countdown over) started at t = 1000 + 3000. */
export function racing(names: string[], settings: Partial<Room['settings']> = {}): Room {
  const counting = apply(lobbyWith(names, settings), startCmd).room;
  return apply(counting, { type: 'begin', raceId: 'race-1' }, 4000).room;
}

let moveSeq = 0;
export const moveCmd = (playerId: string, cell: number, digit: number, moveId = `m${++moveSeq}`) =>
  ({ type: 'move', connectionId: conn(playerId), moveId, cell, digit }) as const;

/** Every blank filled correctly by `playerId`, from time `at`. */
export function solveAll(room: Room, playerId: string, at: number): Success<'move'> {
  let outcome = apply(room, moveCmd(playerId, BLANK_CELLS[0]!, digitAt(BLANK_CELLS[0]!)), at);
  for (const cell of BLANK_CELLS.slice(1)) {
    outcome = apply(outcome.room, moveCmd(playerId, cell, digitAt(cell)), at);
  }
  return outcome;
}

/** The effects' types in order (`persistMove`, `state`, …). */
export const typesOf = (effects: readonly Effect[]): string[] => effects.map((e) => e.type);
