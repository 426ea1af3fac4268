/**
 * The replay at one moment, as data: `replayAt(record, ms)` folds every move made up to `ms`
 * into each player's board, as it was judged — a correct digit stands, a clear empties its
 * cell, a wrong digit costs a mistake, flashes in its cell for `flashMs` and leaves a mark
 * there. In a race a wrong digit is never placed (the server refuses it); in a solve
 * (`record.wrongDigitsStay`) it stays in its cell, drawn wrong, until the next entry there,
 * and a right digit it replaced is gone meanwhile. At the end of the timeline each board is
 * exactly the player's final board: a wrong digit that ended the race does not flash there,
 * unless it is the one a debrief item points at (`pin`).
 */
import type { ReplayMove, ReplayRecord } from './replay-record.ts';

/** How long (race ms) a wrong digit stays drawn after it was entered, by default. */
export const FLASH_MS = 1500;

/**
 * The flash window for the transport's state: while playing, FLASH_MS of real time (so 16×
 * keeps a wrong digit 24 s of race time); a paused frame shows only the last FLASH_MS of race
 * time, whatever the speed.
 */
export const flashWindow = (transport: { playing: boolean; speed: number }): number =>
  transport.playing ? FLASH_MS * transport.speed : FLASH_MS;

export interface Flash {
  readonly cell: number;
  readonly digit: number;
}

/** One wrong entry to show even at the end of the timeline (a picked debrief item). */
export interface Pin {
  readonly playerId: string;
  readonly cell: number;
  readonly at: number;
}

export interface ReplayOptions {
  readonly flashMs?: number;
  readonly pin?: Pin | null;
}

export interface PlayerFrame {
  readonly playerId: string;
  /** 81 characters: the givens and the right digits standing at this moment, `0` for a blank. */
  readonly board: string;
  /** Wrong digits just entered (within `flashMs`, not yet replaced): drawn on a red cell. */
  readonly flashes: readonly Flash[];
  /** Wrong digits left in their cells (`wrongDigitsStay` only): drawn wrong, on a plain cell. */
  readonly standing: readonly Flash[];
  /** Cells whose right digit was entered within `flashMs` (drawn tinted: "just placed"). */
  readonly recent: readonly number[];
  /** Every cell that received a wrong digit so far, in the order of the first one. */
  readonly mistakeCells: readonly number[];
  readonly mistakes: number;
  /** Blanks of the puzzle this player has filled with right digits, and how many there are. */
  readonly filled: number;
  readonly blanks: number;
  /** 0–100, rounded as the race's progress bars are. */
  readonly percent: number;
  /** The cell of this player's latest move so far; null before their first. */
  readonly lastCell: number | null;
  /** When the board became full (ms since the start), if it is by now. */
  readonly finishedAt: number | null;
}

interface Working {
  board: string[];
  /** The latest wrong entry of each cell, until the next move there. */
  wrong: Map<number, { digit: number; at: number }>;
  placedAt: Map<number, number>;
  mistakeCells: number[];
  mistakes: number;
  lastCell: number | null;
  finishedAt: number | null;
}

/** Every player's frame at `ms` (clamped to the timeline), in `record.players` order. */
export function replayAt(
  record: ReplayRecord,
  ms: number,
  options: ReplayOptions = {},
): PlayerFrame[] {
  const flashMs = options.flashMs ?? FLASH_MS;
  const pin = options.pin ?? null;
  const blanks = countBlanks(record.puzzle);
  // The end of the timeline shows the boards as stored: nothing flashes there but the pin.
  const atEnd = ms >= record.durationMs;
  const working = new Map(record.players.map((p) => [p.id, fresh(record.puzzle)]));
  for (const move of record.moves) {
    if (move.at > ms) break;
    const state = working.get(move.playerId);
    if (state) apply(state, move, record);
  }
  return record.players.map((player) => {
    const state = working.get(player.id)!;
    const filled = blanks - countBlanks(state.board.join(''));
    const pinned = (cell: number, at: number) =>
      pin !== null && pin.playerId === player.id && pin.cell === cell && pin.at === at;
    const wrong = [...state.wrong].sort(([a], [b]) => a - b);
    return {
      playerId: player.id,
      board: state.board.join(''),
      flashes: wrong
        .filter(([cell, f]) => (!atEnd || pinned(cell, f.at)) && ms - f.at < flashMs)
        .map(([cell, f]) => ({ cell, digit: f.digit })),
      standing: record.wrongDigitsStay ? wrong.map(([cell, f]) => ({ cell, digit: f.digit })) : [],
      recent: [...state.placedAt]
        .filter(([, at]) => atEnd === false && ms - at < flashMs)
        .map(([cell]) => cell)
        .sort((a, b) => a - b),
      mistakeCells: state.mistakeCells,
      mistakes: state.mistakes,
      filled,
      blanks,
      percent: blanks === 0 ? 100 : Math.round((100 * filled) / blanks),
      lastCell: state.lastCell,
      finishedAt: state.finishedAt,
    };
  });
}

function fresh(puzzle: string): Working {
  return {
    board: [...puzzle],
    wrong: new Map(),
    placedAt: new Map(),
    mistakeCells: [],
    mistakes: 0,
    lastCell: null,
    finishedAt: null,
  };
}

function apply(state: Working, move: ReplayMove, record: ReplayRecord): void {
  state.lastCell = move.cell;
  state.wrong.delete(move.cell);
  if (move.verdict === 'wrong') {
    state.mistakes++;
    state.wrong.set(move.cell, { digit: move.digit, at: move.at });
    if (!state.mistakeCells.includes(move.cell)) state.mistakeCells.push(move.cell);
    // A wrong digit that stays replaces whatever the cell held.
    if (record.wrongDigitsStay && record.puzzle[move.cell] === '0') {
      state.board[move.cell] = '0';
      state.placedAt.delete(move.cell);
    }
    return;
  }
  state.board[move.cell] = move.verdict === 'cleared' ? '0' : String(move.digit);
  if (move.verdict === 'cleared') state.placedAt.delete(move.cell);
  else state.placedAt.set(move.cell, move.at);
  if (state.finishedAt === null && state.board.join('') === record.solution)
    state.finishedAt = move.at;
}

const countBlanks = (board: string): number => {
  let n = 0;
  for (const ch of board) if (ch === '0') n++;
  return n;
};

/** The time of the first move after `ms` (any player's, or `playerId`'s), if any. */
export function nextMoveAt(
  record: ReplayRecord,
  ms: number,
  playerId?: string,
): number | undefined {
  return record.moves.find((m) => m.at > ms && (playerId === undefined || m.playerId === playerId))
    ?.at;
}

/** The time of the last move before `ms` (any player's, or `playerId`'s), if any. */
export function previousMoveAt(
  record: ReplayRecord,
  ms: number,
  playerId?: string,
): number | undefined {
  return record.moves.findLast(
    (m) => m.at < ms && (playerId === undefined || m.playerId === playerId),
  )?.at;
}

/** How many moves have been made by `ms` (the "move 12 of 80" counter). */
export function movesBy(record: ReplayRecord, ms: number): number {
  let n = 0;
  for (const move of record.moves) {
    if (move.at > ms) break;
    n++;
  }
  return n;
}

export interface TimelineMark {
  readonly at: number;
  readonly kind: 'mistake' | 'finish';
  readonly playerId: string;
}

/** What the scrubber's strip marks: every wrong move, and when each board became full. */
export function timelineMarks(record: ReplayRecord): TimelineMark[] {
  const mistakes = record.moves
    .filter((m) => m.verdict === 'wrong')
    .map((m) => ({ at: m.at, kind: 'mistake' as const, playerId: m.playerId }));
  const finishes = replayAt(record, record.durationMs).flatMap((frame) =>
    frame.finishedAt === null
      ? []
      : [{ at: frame.finishedAt, kind: 'finish' as const, playerId: frame.playerId }],
  );
  return [...mistakes, ...finishes].sort((a, b) => a.at - b.at);
}
