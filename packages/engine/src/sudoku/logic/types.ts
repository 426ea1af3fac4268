import type { CellIndex, Digit, Grid } from '../grid.ts';

/** Difficulty names, easiest first. `expert` means the techniques below do not suffice: search is needed. */
export const DIFFICULTIES = ['easy', 'medium', 'hard', 'expert'] as const;
export type DifficultyName = (typeof DIFFICULTIES)[number];

export function isDifficulty(text: string): text is DifficultyName {
  return (DIFFICULTIES as readonly string[]).includes(text);
}

/** The human techniques, easiest first; ids are stable (clients translate them). */
export const Technique = {
  fullHouse: 'full-house',
  nakedSingle: 'naked-single',
  hiddenSingle: 'hidden-single',
  lockedCandidates: 'locked-candidates',
  nakedPair: 'naked-pair',
  hiddenPair: 'hidden-pair',
  nakedTriple: 'naked-triple',
  hiddenTriple: 'hidden-triple',
  xWing: 'x-wing',
  xyWing: 'xy-wing',
  swordfish: 'swordfish',
  nakedQuad: 'naked-quad',
  hiddenQuad: 'hidden-quad',
} as const;
export type TechniqueName = (typeof Technique)[keyof typeof Technique];

/** A digit placed in a cell, or a candidate removed from one. */
export interface CellDigit {
  readonly cell: CellIndex;
  readonly digit: Digit;
}

/**
 * One deduction a person can make. Structured so a client can phrase it in any language;
 * `explanation` is the English sentence.
 */
export interface Step {
  readonly technique: TechniqueName;
  /** Digits this step places (singles). */
  readonly placements: readonly CellDigit[];
  /** Candidates this step removes (every other technique). */
  readonly eliminations: readonly CellDigit[];
  /** The cells that justify the step: highlight these. */
  readonly cells: readonly CellIndex[];
  /** Indices into `variant.houses` of the houses the step reasons about. */
  readonly houses: readonly number[];
  /** The digits the step reasons about. */
  readonly digits: readonly Digit[];
  /**
   * E.g. "Hidden single: 7 can go only in R3C4 within the upper window." Built on first read
   * (a getter): the grader makes thousands of steps nobody reads.
   */
  readonly explanation: string;
}

export interface Grade {
  readonly difficulty: DifficultyName;
  /** Finer than the difficulty: grows with the techniques needed and how often. */
  readonly score: number;
  /** The hardest technique used, or `search` when logic alone got stuck. */
  readonly hardest: TechniqueName | 'search';
  /** Whether the techniques alone solved it. */
  readonly solvedByLogic: boolean;
  /** Steps taken by the technique solver. */
  readonly steps: number;
  /** How many times each technique was used. */
  readonly counts: Readonly<Partial<Record<TechniqueName, number>>>;
}

/** What `hint` answers on a player's board. */
export type Hint =
  /** Entries that differ from the unique solution: fix these first. */
  | { readonly kind: 'wrong'; readonly cells: readonly CellIndex[]; readonly explanation: string }
  /**
   * The next digit logic places, with its cells to highlight; `via` lists the candidate
   * eliminations (in order) that a person needs before that placement, often none.
   */
  | { readonly kind: 'step'; readonly step: Step; readonly via: readonly Step[] }
  /** No technique applies: the solution's digit for one cell, so the player is not stuck. */
  | {
      readonly kind: 'reveal';
      readonly cell: CellIndex;
      readonly digit: Digit;
      readonly explanation: string;
    }
  /** The board is already solved. */
  | { readonly kind: 'solved'; readonly explanation: string };

export interface LogicSolveResult {
  /** The board as far as the techniques got (givens and placed digits). */
  readonly board: Grid;
  readonly steps: readonly Step[];
  readonly solved: boolean;
}
