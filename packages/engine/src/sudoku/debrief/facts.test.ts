import { describe, expect, it } from 'vitest';
import { createRng, shuffle } from '../../rng.ts';
import { CELLS, DIGITS, type CellIndex, type Grid } from '../grid.ts';
import { bit, createState, place, type LogicState } from '../logic/candidates.ts';
import { applyAndDiff } from './facts.ts';
import { EASY, EASY_SOLUTION, EXPERT, EXPERT_SOLUTION, grid, variant } from './fixtures.ts';
import { stepNote } from './notes.ts';
import { roundOf, staleIn } from './singles.ts';
import { stepProblem } from './testing.ts';

/**
 * Rounds of singles after a wrong digit is assumed, as the contradiction search runs them: each
 * round's singles are found at once and one is applied only while the facts it reads are as
 * they were. Answers, per applied single, whether it still held (by the techniques'
 * definitions) when its turn came.
 */
function roundsFrom(state: LogicState, maxRounds: number): { held: number; broken: string[] } {
  let held = 0;
  const broken: string[] = [];
  for (let round = 0; round < maxRounds; round++) {
    const batch = roundOf(state, variant);
    if (batch.length === 0) break;
    for (const single of batch) {
      if (staleIn(state, single)) continue;
      const { step } = single;
      const problem = stepProblem(state, stepNote(variant, step));
      if (problem === null) held++;
      else broken.push(`${step.technique} ${JSON.stringify(step.placements)}: ${problem}`);
      applyAndDiff(state, step);
    }
  }
  return { held, broken };
}

/** Boards from the fixtures' starts to halfway through, with right digits filled in. */
function boards(): Grid[] {
  const rng = createRng('facts-test');
  return [
    [EASY, EASY_SOLUTION],
    [EXPERT, EXPERT_SOLUTION],
  ].flatMap(([puzzle, solution]) => {
    const start = grid(puzzle!);
    const blanks = [...start.keys()].filter((c) => start[c] === 0);
    return [0, 0.25, 0.5].map((share) => {
      const board = Uint8Array.from(start);
      const filled = shuffle([...blanks], rng).slice(0, Math.floor(blanks.length * share));
      for (const c of filled) board[c] = grid(solution!)[c]!;
      return board;
    });
  });
}

describe('readsOf', () => {
  it('a single whose facts are unchanged still holds, even after a wrong assumption', () => {
    // A wrong digit makes rounds where one single takes another's digit away: a full house
    // whose digit a peer got first in the round must not be placed.
    let held = 0;
    for (const board of boards()) {
      const state = createState(board, variant);
      for (let c: CellIndex = 0; c < CELLS; c++)
        for (const d of DIGITS) {
          if (state.board[c] !== 0 || (state.cands[c]! & bit(d)) === 0) continue;
          const assumed = createState(board, variant);
          place(assumed, c, d);
          const result = roundsFrom(assumed, 12);
          expect(result.broken, `${c}=${d}`).toEqual([]);
          held += result.held;
        }
    }
    expect(held).toBeGreaterThan(1000);
  });
});
