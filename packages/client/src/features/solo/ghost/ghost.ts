/**
 * A ghost: a recorded solve replayed on the player's stopwatch. Pure functions of the record
 * and a time, so the panel, the end message and the tests agree on what the ghost had done.
 */

/** One digit the ghost entered, `at` ms after its start (0 clears). */
export interface GhostMove {
  readonly at: number;
  readonly cell: number;
  readonly digit: number;
}

export interface GhostTrack {
  /** Who it is, as the panel names it ("Ann", "your best", "the daily leader"). */
  readonly name: string;
  readonly puzzle: string;
  readonly solution: string;
  /** In time order. */
  readonly moves: readonly GhostMove[];
}

export interface GhostProgress {
  /** 81 characters: the givens and the ghost's digits at that time, `0` for a blank. */
  readonly board: string;
  /** Blanks holding the solution's digit. */
  readonly correct: number;
  readonly blanks: number;
  /** `correct` of `blanks`, rounded, 0–100. */
  readonly percent: number;
  /** Digits entered so far that are not the solution's. */
  readonly mistakes: number;
  /** When the board became the solution (ms), or null if not (yet) by then. */
  readonly finishedAt: number | null;
}

/** What the ghost had done `ms` after its start. */
export function ghostAt(track: GhostTrack, ms: number): GhostProgress {
  const board = [...track.puzzle];
  let mistakes = 0;
  let finishedAt: number | null = null;
  const blanks = countBlanks(track.puzzle);
  let correct = 0;
  for (const move of track.moves) {
    if (move.at > ms) break;
    const before = board[move.cell] === track.solution[move.cell];
    board[move.cell] = String(move.digit);
    const after = board[move.cell] === track.solution[move.cell];
    if (move.digit !== 0 && !after) mistakes++;
    correct += Number(after) - Number(before);
    if (correct === blanks && finishedAt === null) finishedAt = move.at;
  }
  const percent = blanks === 0 ? 100 : Math.round((100 * correct) / blanks);
  return { board: board.join(''), correct, blanks, percent, mistakes, finishedAt };
}

/** The ghost's finishing time: when its board first became the solution; null if it never did. */
export const ghostFinish = (track: GhostTrack): number | null =>
  ghostAt(track, Number.POSITIVE_INFINITY).finishedAt;

export type GhostOutcome =
  | { readonly winner: 'you'; readonly marginMs: number }
  | { readonly winner: 'ghost'; readonly marginMs: number }
  | { readonly winner: 'tie' }
  /** The ghost never finished: any finish beats it. */
  | { readonly winner: 'you'; readonly marginMs: null };

/** Who won once the player finished in `yourMs` (ties within a tenth of a second). */
export function ghostOutcome(track: GhostTrack, yourMs: number): GhostOutcome {
  const theirs = ghostFinish(track);
  if (theirs === null) return { winner: 'you', marginMs: null };
  const margin = theirs - yourMs;
  if (Math.abs(margin) < 100) return { winner: 'tie' };
  return margin > 0 ? { winner: 'you', marginMs: margin } : { winner: 'ghost', marginMs: -margin };
}

const countBlanks = (puzzle: string): number => [...puzzle].filter((c) => c === '0').length;
