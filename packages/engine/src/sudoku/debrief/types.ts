/**
 * The race debrief's public shapes: plain JSON (no classes, no typed arrays), so a debrief
 * crosses a worker boundary or an HTTP reply as it is, and a client phrases every part in
 * its own language from ids, house references and cell indices.
 */
import type { CellIndex, Digit } from '../grid.ts';
import type { TechniqueName } from '../logic/types.ts';
import type { HouseKindName, VariantIdName } from '../variant.ts';

/** One entry of one player, as the move log records it. */
export interface DebriefMove {
  /** ms since the race (or solve) started. */
  readonly at: number;
  readonly cell: CellIndex;
  /** 0 = the cell was cleared. */
  readonly digit: number;
  readonly verdict: 'correct' | 'wrong' | 'cleared';
}

export interface DebriefInput {
  readonly variant: VariantIdName;
  /** 81 characters, `0` (or `.`) for a blank. */
  readonly puzzle: string;
  /** 81 characters, the unique solution. */
  readonly solution: string;
  /** ONE player's moves, in the order they were made. */
  readonly moves: readonly DebriefMove[];
  /** When this player's race ended (finished, gave up or time ran out), ms since the start. */
  readonly endMs: number;
  /** A gap between entries at least this long is a long pause; default `DEFAULT_PAUSE_MS`. */
  readonly pauseMs?: number;
}

export interface DebriefOptions {
  /** Wall-clock budget for the whole debrief, default `DEFAULT_BUDGET_MS`. */
  readonly budgetMs?: number;
  readonly signal?: AbortSignal;
}

/** A house named the way the variant names it: `{ kind: 'window', index: 0 }` is the upper window. */
export interface HouseRef {
  readonly kind: HouseKindName;
  /** 0-based among the houses of its kind (row 3 is `{ kind: 'row', index: 2 }`). */
  readonly index: number;
}

/** A technique step (the grader's `Step`) with its houses named. */
export interface StepNote {
  readonly technique: TechniqueName;
  /** The houses the step reasons about, in the step's order. */
  readonly houses: readonly HouseRef[];
  /** The cells that justify the step: highlight these. */
  readonly cells: readonly CellIndex[];
  readonly digits: readonly Digit[];
  readonly placements: readonly { readonly cell: CellIndex; readonly digit: Digit }[];
  readonly eliminations: readonly { readonly cell: CellIndex; readonly digit: Digit }[];
}

/** Where an assumed digit's singles run out of room. */
export type ContradictionConflict =
  /** This blank cell would have no candidate left. */
  | { readonly kind: 'cell'; readonly cell: CellIndex }
  /** This house would have no place left for `digit`. */
  | { readonly kind: 'house'; readonly house: HouseRef; readonly digit: Digit };

/** Why a wrong digit could not go in its cell. */
export type MistakeWhy =
  /** The digit was already on the board (a given or a placed digit) in `house`, at `cell`. */
  | { readonly kind: 'clash'; readonly house: HouseRef; readonly cell: CellIndex }
  /**
   * No clash yet: a short chain of human techniques from the board at that moment whose last
   * step removes the digit from the cell or places the right digit there.
   */
  | { readonly kind: 'logic'; readonly steps: readonly StepNote[] }
  /**
   * No short chain: assume the digit in the cell on the board at that moment, and singles
   * alone (naked, hidden, full house) force these placements, in order, until `conflict`:
   * a blank cell with no digit left, or a house with no place left for `digit`. Only the
   * placements the conflict depends on are listed (each step places one digit).
   */
  | {
      readonly kind: 'contradiction';
      readonly steps: readonly StepNote[];
      readonly conflict: ContradictionConflict;
    }
  /**
   * Logic is stuck or too long: with the digits on the board at that moment (the givens and
   * the player's right digits, all forced by the givens) the digit has no solution, and these
   * houses' rules (every cell holding one digit is always assumed) are enough to force it out.
   * The set is minimal: drop any one house and the digit fits.
   */
  | { readonly kind: 'sat'; readonly houses: readonly HouseRef[] }
  /**
   * The budget ran out before an explanation was found (or the digit fits the board: the
   * solution given is not the puzzle's only one).
   */
  | { readonly kind: 'unknown' };

export interface MistakeNote {
  /** Index of the move in `DebriefInput.moves`. */
  readonly move: number;
  readonly at: number;
  readonly cell: CellIndex;
  /** The wrong digit entered. */
  readonly digit: Digit;
  /** The solution's digit for the cell. */
  readonly correct: Digit;
  readonly why: MistakeWhy;
}

export interface PauseNote {
  /** ms since the start: the entry before the pause (0 when it opens the race). */
  readonly from: number;
  /** ms since the start: the next entry, or the end of this player's race. */
  readonly to: number;
  readonly ms: number;
  /** The easiest technique available at `from` on the player's board, or null if none. */
  readonly step: StepNote | null;
}

export interface Debrief {
  /** Every wrong entry, in move order. */
  readonly mistakes: readonly MistakeNote[];
  /** Every long pause, in time order. */
  readonly pauses: readonly PauseNote[];
  /** False when the budget or the signal cut the work short (unexplained parts are `unknown`). */
  readonly complete: boolean;
}

export const DEFAULT_PAUSE_MS = 20_000;
export const DEFAULT_BUDGET_MS = 1_000;
