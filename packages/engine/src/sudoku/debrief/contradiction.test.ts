import { describe, expect, it } from 'vitest';
import { CELLS, DIGITS, type CellIndex, type Grid } from '../grid.ts';
import { bit, createState, place, type LogicState } from '../logic/candidates.ts';
import { cell } from '../logic/testing.ts';
import { contradiction, type Conflict, type ContradictionResult } from './contradiction.ts';
import { debrief, MAX_CONTRADICTION_STEPS } from './debrief.ts';
import { EASY, EASY_SOLUTION, EXPERT, EXPERT_SOLUTION, grid, variant } from './fixtures.ts';
import { houseRef, stepNote } from './notes.ts';
import { houseOf, stepProblem } from './testing.ts';
import type { ContradictionConflict, DebriefInput, StepNote } from './types.ts';

/** R2C7 = 3 (hidden single in box 3), then R6C8 = 9 (hidden single in the lower window). */
const EXPECTED_R1C6 = [
  ['hidden-single', [{ cell: cell('R2C7'), digit: 3 }]],
  ['hidden-single', [{ cell: cell('R6C8'), digit: 9 }]],
];
/** The lower window, the 30th house of the percent variant. */
const HOUSE_29 = { kind: 'window', index: 1 } as const;

const noteOf = (conflict: Conflict): ContradictionConflict =>
  conflict.kind === 'cell'
    ? conflict
    : { kind: 'house', house: houseRef(variant, conflict.house), digit: conflict.digit };

const FAR = { maxSteps: 100, deadline: Number.POSITIVE_INFINITY };

/**
 * Replays an argument from the board with the digit assumed in the cell: each step checked by
 * the techniques' definitions (`stepProblem`) before it is placed. Answers what broke, or null
 * when every step held and the conflict is there at the end.
 */
function problemOf(
  board: Grid,
  at: CellIndex,
  digit: number,
  steps: readonly StepNote[],
  conflict: ContradictionConflict,
): string | null {
  const state = createState(board, variant);
  place(state, at, digit);
  for (const [i, step] of steps.entries()) {
    const problem = stepProblem(state, step);
    if (problem !== null) return `step ${i}: ${problem}`;
    if (step.placements.length !== 1) return `step ${i} places ${step.placements.length} digits`;
    place(state, step.placements[0]!.cell, step.placements[0]!.digit);
  }
  return conflictHolds(state, conflict) ? null : 'no conflict';
}

/** The conflict from its definition: a blank cell with no candidate, a house lacking the digit. */
function conflictHolds(state: LogicState, conflict: ContradictionConflict): boolean {
  if (conflict.kind === 'cell')
    return state.board[conflict.cell] === 0 && state.cands[conflict.cell] === 0;
  const cells = houseOf(variant, conflict.house).cells;
  const d = conflict.digit;
  return cells.every((c) => state.board[c] !== d && (state.cands[c]! & bit(d)) === 0);
}

/** The steps the argument still holds without (none for a minimal one). */
function spareOf(
  board: Grid,
  at: CellIndex,
  digit: number,
  steps: readonly StepNote[],
  conflict: ContradictionConflict,
): number[] {
  return steps.flatMap((_, i) => {
    const rest = steps.filter((__, j) => j !== i);
    return problemOf(board, at, digit, rest, conflict) === null ? [i] : [];
  });
}

/** The argument holds, and leaving out any one placement breaks it. */
function expectSound(
  board: Grid,
  at: CellIndex,
  digit: number,
  found: Extract<ContradictionResult, { kind: 'contradiction' }>,
): void {
  const steps = found.steps.map((step) => stepNote(variant, step));
  const conflict = noteOf(found.conflict);
  expect(problemOf(board, at, digit, steps, conflict), `${at}=${digit}`).toBeNull();
  expect(spareOf(board, at, digit, steps, conflict), `${at}=${digit}`).toEqual([]);
}

/** Every wrong digit that repeats nothing on the board. */
function quietMistakes(board: Grid, solution: Grid): { at: CellIndex; digit: number }[] {
  const state = createState(board, variant);
  const out: { at: CellIndex; digit: number }[] = [];
  for (let c = 0; c < CELLS; c++)
    for (const d of DIGITS)
      if (d !== solution[c] && state.board[c] === 0 && state.cands[c]! & bit(d))
        out.push({ at: c, digit: d });
  return out;
}

describe('contradiction by singles', () => {
  it('assumes the digit, forces singles, and ends where a house has no place left', () => {
    // Expert start, R1C6 = 3: logic is stuck, the SAT argument needed 8 houses.
    const board = grid(EXPERT);
    const found = contradiction(board, variant, cell('R1C6'), 3, FAR);
    expect(found.kind).toBe('contradiction');
    if (found.kind !== 'contradiction') return;
    const steps = found.steps.map((s) => stepNote(variant, s));
    expect(steps.map((s) => [s.technique, s.placements])).toEqual(EXPECTED_R1C6);
    expect(variant.houses[found.conflict.kind === 'house' ? found.conflict.house : -1]).toBe(
      houseOf(variant, HOUSE_29),
    );
    expect(found.conflict).toMatchObject({ kind: 'house', digit: 3 });
    expect(
      problemOf(board, cell('R1C6'), 3, steps, { kind: 'house', house: HOUSE_29, digit: 3 }),
    ).toBeNull();
  });

  it('every argument found replays, and leaving out any one step breaks it', () => {
    let found = 0;
    let pruned = 0;
    for (const [puzzle, solution] of [
      [EASY, EASY_SOLUTION],
      [EXPERT, EXPERT_SOLUTION],
    ] as const) {
      const board = grid(puzzle);
      for (const { at, digit } of quietMistakes(board, grid(solution))) {
        const result = contradiction(board, variant, at, digit, FAR);
        if (result.kind !== 'contradiction') continue;
        found++;
        const steps = result.steps.map((s) => stepNote(variant, s));
        const conflict = noteOf(result.conflict);
        expect(problemOf(board, at, digit, steps, conflict), `${at}=${digit}`).toBeNull();
        for (let i = 0; i < steps.length; i++) {
          const without = steps.filter((_, j) => j !== i);
          expect(
            problemOf(board, at, digit, without, conflict),
            `${at}=${digit} without ${i}`,
          ).not.toBeNull();
          pruned++;
        }
      }
    }
    expect(found).toBeGreaterThan(50);
    expect(pruned).toBeGreaterThan(200);
  });

  it('answers long past the cap, and stuck when singles stop short of a conflict', () => {
    const board = grid(EASY);
    // Easy start, R7C9 = 3: the conflict rests on more placements than the cap.
    const long = contradiction(board, variant, cell('R7C9'), 3, { ...FAR, maxSteps: 10 });
    expect(long.kind).toBe('long');
    if (long.kind !== 'long') return;
    expect(long.steps).toBeGreaterThan(10);
    // Without the cap, the same argument: it holds, no placement is spare, and it stays
    // within a few dozen placements (the easy puzzle has 58 blanks).
    const whole = contradiction(board, variant, cell('R7C9'), 3, FAR);
    expect(whole.kind).toBe('contradiction');
    if (whole.kind !== 'contradiction') return;
    expect(whole.steps.length).toBe(long.steps);
    expect(whole.steps.length).toBeLessThanOrEqual(30);
    expectSound(board, cell('R7C9'), 3, whole);
    // Expert start, R1C3 = 3: singles run dry with no conflict.
    expect(contradiction(grid(EXPERT), variant, cell('R1C3'), 3, FAR)).toEqual({ kind: 'stuck' });
  });

  it('runs on past the first conflict for one that rests on fewer placements', () => {
    // Easy start, R7C1 = 3: a conflict met a round after the first needs fewer placements.
    const board = grid(EASY);
    const first = contradiction(board, variant, cell('R7C1'), 3, { ...FAR, extraRounds: 0 });
    const later = contradiction(board, variant, cell('R7C1'), 3, FAR);
    expect([first.kind, later.kind]).toEqual(['contradiction', 'contradiction']);
    if (first.kind !== 'contradiction' || later.kind !== 'contradiction') return;
    expect(later.steps.length).toBeLessThan(first.steps.length);
    expect(later.steps.length).toBeLessThanOrEqual(MAX_CONTRADICTION_STEPS);
    for (const found of [first, later]) expectSound(board, cell('R7C1'), 3, found);
  });

  it('answers what it has when the deadline stops the shortening', () => {
    // Easy start, R7C9 = 3 (a long argument); a clock that moves one tick per reading.
    const board = grid(EASY);
    const within = (deadline: number): { result: ContradictionResult; reads: number } => {
      let reads = 0;
      const now = (): number => reads++;
      const result = contradiction(board, variant, cell('R7C9'), 3, { ...FAR, deadline, now });
      return { result, reads };
    };
    const full = within(Number.POSITIVE_INFINITY);
    expect(full.result).toMatchObject({ kind: 'contradiction', complete: true });
    const last = full.reads - 1;
    let answered: number | undefined;
    let spare = 0;
    const seen = new Set<string>();
    // Every third deadline: each run replays the whole search.
    for (let deadline = 0; deadline < last; deadline += 3) {
      const { result } = within(deadline);
      if (result.kind === 'timeout') {
        expect(answered, `deadline ${deadline}`).toBeUndefined();
        continue;
      }
      answered ??= deadline;
      expect(result, `deadline ${deadline}`).toMatchObject({ complete: false });
      if (result.kind !== 'contradiction') continue;
      const steps = result.steps.map((step) => stepNote(variant, step));
      const conflict = noteOf(result.conflict);
      // Many deadlines give the same answer: each different one is checked once.
      const key = JSON.stringify([steps, conflict]);
      if (seen.has(key)) continue;
      seen.add(key);
      expect(problemOf(board, cell('R7C9'), 3, steps, conflict), `deadline ${deadline}`).toBeNull();
      spare += spareOf(board, cell('R7C9'), 3, steps, conflict).length;
    }
    // Answers came back while the shortening was still under way, with placements to spare.
    expect(answered).toBeDefined();
    expect(spare).toBeGreaterThan(0);
    expect(within(last).result).toEqual(full.result);
  });

  it('gives up at the deadline', () => {
    const result = contradiction(grid(EASY), variant, cell('R7C9'), 3, {
      maxSteps: 10,
      deadline: 0,
    });
    expect(result).toEqual({ kind: 'timeout' });
  });
});

describe('debrief: contradiction or SAT houses', () => {
  const expertAtStart = (name: string, digit: number): DebriefInput => ({
    variant: 'percent',
    puzzle: EXPERT,
    solution: EXPERT_SOLUTION,
    moves: [{ at: 1000, cell: cell(name), digit, verdict: 'wrong' }],
    endMs: 1000,
  });

  it('explains a mistake with no short chain by the contradiction, its houses named', () => {
    const why = debrief(expertAtStart('R1C6', 3)).mistakes[0]!.why;
    expect(why.kind).toBe('contradiction');
    if (why.kind !== 'contradiction') return;
    expect(why.conflict).toEqual({ kind: 'house', house: HOUSE_29, digit: 3 });
    expect(why.steps.length).toBeLessThanOrEqual(MAX_CONTRADICTION_STEPS);
    expect(problemOf(grid(EXPERT), cell('R1C6'), 3, why.steps, why.conflict)).toBeNull();
  });

  it('prefers a short contradiction even to a short SAT house set', () => {
    // Expert start, R4C3 = 3: the SAT argument needs 4 houses; at once, column 2 has no place for 3.
    const why = debrief(expertAtStart('R4C3', 3)).mistakes[0]!.why;
    expect(why).toEqual({
      kind: 'contradiction',
      steps: [],
      conflict: { kind: 'house', house: { kind: 'column', index: 1 }, digit: 3 },
    });
    expect(
      problemOf(grid(EXPERT), cell('R4C3'), 3, [], {
        kind: 'house',
        house: { kind: 'column', index: 1 },
        digit: 3,
      }),
    ).toBeNull();
  });

  it('keeps the SAT house set when singles reach no conflict', () => {
    const result = debrief(expertAtStart('R1C3', 3));
    expect(result.mistakes[0]!.why.kind).toBe('sat');
    expect(result.complete).toBe(true);
  });

  it('keeps the SAT house set when the contradiction is longer than the cap', () => {
    const input: DebriefInput = {
      variant: 'percent',
      puzzle: EASY,
      solution: EASY_SOLUTION,
      moves: [{ at: 1000, cell: cell('R7C9'), digit: 3, verdict: 'wrong' }],
      endMs: 1000,
    };
    expect(debrief(input).mistakes[0]!.why.kind).toBe('sat');
  });
});
