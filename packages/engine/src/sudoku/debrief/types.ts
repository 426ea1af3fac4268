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
  /** ONE player's moves, in the order they were made (`at` never decreases). */
  readonly moves: readonly DebriefMove[];
  /**
   * When this player's race ended (finished, gave up or time ran out), ms since the start:
   * finite and not negative.
   */
  readonly endMs: number;
  /**
   * A gap between entries at least this long is a long pause; default `DEFAULT_PAUSE_MS`.
   * Must be above 0 (`Infinity`: no pauses are reported).
   */
  readonly pauseMs?: number;
  /**
   * How a wrong entry affects the board. `false` (the default) is a race: the server refuses a
   * wrong digit, so the cell keeps what it held. `true` is a solo solve: the wrong digit stays
   * in its cell, shown, until the next entry there (a right digit it replaced is gone
   * meanwhile). Either way the explanations reason from facts only — the givens and the
   * player's right digits still on the board; a cell showing a wrong digit counts as blank —
   * while a clash may name a wrong digit the player could see (`cellWrong`), and a pause
   * lists the wrong digits on the board when it began (`wrongShown`).
   */
  readonly wrongDigitsStay?: boolean;
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
  /**
   * The digit was already on the board in `house`, at `cell`: a given or a right digit, else
   * (`wrongDigitsStay` only) a wrong digit the player still had there (`cellWrong: true`).
   */
  | {
      readonly kind: 'clash';
      readonly house: HouseRef;
      readonly cell: CellIndex;
      /** Present (true) only when the digit at `cell` was itself a wrong entry, still shown. */
      readonly cellWrong?: true;
    }
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
   * No explanation. `reason` says why: `time` when the budget or the signal stopped the work
   * first, `fits` when the digit fits the board (the solution given is not the puzzle's only
   * one). This engine always sets it; it is optional so older notes still read.
   */
  | { readonly kind: 'unknown'; readonly reason?: UnexplainedReason };

/** Why a mistake has no explanation: out of time, or the digit fits the board. */
export type UnexplainedReason = 'time' | 'fits';

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
  /**
   * The easiest technique available at `from`, reasoning from the givens and the player's
   * right digits (a cell showing a wrong digit counts as blank), or null if none.
   */
  readonly step: StepNote | null;
  /**
   * The wrong digits still on the player's board at `from`, by cell (`wrongDigitsStay` only;
   * absent when there are none).
   */
  readonly wrongShown?: readonly { readonly cell: CellIndex; readonly digit: Digit }[];
}

export interface Debrief {
  /** Every wrong entry, in move order. */
  readonly mistakes: readonly MistakeNote[];
  /** Every long pause, in time order. */
  readonly pauses: readonly PauseNote[];
  /**
   * False when the budget or the signal cut the work short: unexplained mistakes are `unknown`
   * (`reason: 'time'`), and an explanation found as time ran out holds but may not be the
   * shortest (or, for `sat`, the smallest) there is.
   */
  readonly complete: boolean;
}

export const DEFAULT_PAUSE_MS = 20_000;
export const DEFAULT_BUDGET_MS = 1_000;
