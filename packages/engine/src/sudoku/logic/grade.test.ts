import { describe, expect, it } from 'vitest';
import { createRng } from '../../rng.ts';
import { generate } from '../generator.ts';
import { CELLS } from '../grid.ts';
import { isSolved } from '../check.ts';
import { getVariant } from '../variant.ts';
import { gradePuzzle } from './grade.ts';
import { hint } from './hint.ts';
import { nextStep, solveLogically } from './solve.ts';
import { DIFFICULTIES } from './types.ts';

const percent = getVariant('percent');

/** One puzzle of each difficulty, made once by the generator (seeded). */
const byDifficulty = Object.fromEntries(
  DIFFICULTIES.map((difficulty) => {
    const made = generate({ variant: percent, rng: createRng(`grade-${difficulty}`), difficulty });
    if (made.status !== 'ok') throw new Error(`could not make a ${difficulty} puzzle`);
    return [difficulty, made];
  }),
);

describe('solveLogically', () => {
  it('solves an easy puzzle to its unique solution, step by step', () => {
    const { puzzle, solution } = byDifficulty.easy!;
    const before = [...puzzle];
    const result = solveLogically(puzzle, percent);
    expect(result.solved).toBe(true);
    expect([...result.board]).toEqual([...solution]);
    const placed = result.steps.flatMap((s) => s.placements);
    expect(placed).toHaveLength(CELLS - puzzle.filter((d) => d !== 0).length);
    for (const { cell, digit } of placed) expect(solution[cell]).toBe(digit);
    expect([...puzzle]).toEqual(before);
  });

  it('never eliminates a digit of the solution', () => {
    for (const difficulty of DIFFICULTIES) {
      const { puzzle, solution } = byDifficulty[difficulty]!;
      for (const step of solveLogically(puzzle, percent).steps)
        for (const { cell, digit } of step.eliminations) expect(solution[cell]).not.toBe(digit);
    }
  });

  it('stops when stuck on an expert puzzle', () => {
    const result = solveLogically(byDifficulty.expert!.puzzle, percent);
    expect(result.solved).toBe(false);
    expect(isSolved(percent, result.board)).toBe(false);
  });
});

describe('gradePuzzle', () => {
  it('grades each generated puzzle as asked, with rising scores', () => {
    const scores = DIFFICULTIES.map((d) => {
      const grade = gradePuzzle(byDifficulty[d]!.puzzle, percent);
      expect(grade.difficulty).toBe(d);
      return grade.score;
    });
    expect([...scores].sort((a, b) => a - b)).toEqual(scores);
  });

  it('says what an expert puzzle needs', () => {
    const grade = gradePuzzle(byDifficulty.expert!.puzzle, percent);
    expect(grade).toMatchObject({ hardest: 'search', solvedByLogic: false });
    const easy = gradePuzzle(byDifficulty.easy!.puzzle, percent);
    expect(easy.solvedByLogic).toBe(true);
    expect(['full-house', 'hidden-single', 'naked-single']).toContain(easy.hardest);
    expect(Object.values(easy.counts).reduce((a, b) => a + b, 0)).toBe(easy.steps);
  });

  it('a solved grid is easy with no steps', () => {
    const grade = gradePuzzle(byDifficulty.easy!.solution, percent);
    expect(grade).toMatchObject({ difficulty: 'easy', steps: 0, solvedByLogic: true });
  });
});

describe('hint', () => {
  const { puzzle, solution } = byDifficulty.hard!;

  it('points at wrong entries first, naming the clash', () => {
    const board = Uint8Array.from(puzzle);
    const blank = board.findIndex((d) => d === 0);
    board[blank] = (solution[blank]! % 9) + 1;
    const answer = hint(puzzle, board, percent, solution);
    expect(answer.kind).toBe('wrong');
    if (answer.kind === 'wrong') expect(answer.cells).toEqual([blank]);
  });

  it('gives the next placement, correct, with the cells to highlight', () => {
    const answer = hint(puzzle, puzzle, percent, solution);
    expect(answer.kind).toBe('step');
    if (answer.kind !== 'step') return;
    const [placement] = answer.step.placements;
    expect(solution[placement!.cell]).toBe(placement!.digit);
    expect(answer.step.cells.length).toBeGreaterThan(0);
    expect(answer.step).toEqual(nextStep(puzzle, percent));
  });

  it('lists the eliminations a placement needs', () => {
    // Walk the hard puzzle's logical solution to the first elimination step.
    const steps = solveLogically(puzzle, percent).steps;
    const first = steps.findIndex((s) => s.eliminations.length > 0);
    const board = Uint8Array.from(puzzle);
    for (const s of steps.slice(0, first)) for (const p of s.placements) board[p.cell] = p.digit;
    const answer = hint(puzzle, board, percent, solution);
    expect(answer.kind).toBe('step');
    if (answer.kind === 'step') {
      expect(answer.via.length).toBeGreaterThan(0);
      expect(answer.via[0]).toEqual(steps[first]);
    }
  });

  it('reveals a digit when logic is stuck, and says when solved', () => {
    const expert = byDifficulty.expert!;
    const stuck = solveLogically(expert.puzzle, percent).board;
    const answer = hint(expert.puzzle, stuck, percent, expert.solution);
    expect(answer.kind).toBe('reveal');
    if (answer.kind === 'reveal') expect(expert.solution[answer.cell]).toBe(answer.digit);
    expect(hint(puzzle, solution, percent, solution).kind).toBe('solved');
  });
});
