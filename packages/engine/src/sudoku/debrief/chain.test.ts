import { describe, expect, it, vi } from 'vitest';
import type { Grid } from '../grid.ts';
import { cell } from '../logic/testing.ts';
import { logicChain, type ChainResult } from './chain.ts';
import { debrief, MAX_CHAIN_STEPS } from './debrief.ts';
import { EASY, EXPERT, EXPERT_SOLUTION, grid, variant } from './fixtures.ts';
import { stepNote } from './notes.ts';
import { chainProblem, spareSteps } from './testing.ts';
import type { DebriefMove } from './types.ts';

/** Set while the second run (the one focused on the cell's houses) is under way. */
const focused = vi.hoisted(() => ({ started: false }));
vi.mock('./focus.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./focus.ts')>();
  return {
    ...original,
    focusOn: (...args: Parameters<typeof original.focusOn>) => {
      focused.started = true;
      return original.focusOn(...args);
    },
  };
});

/** A clock that moves one tick per reading: a deadline of n lets the search read it n + 1 times. */
function ticking(): { now: () => number; readonly reads: number } {
  let reads = 0;
  return {
    now: () => reads++,
    get reads() {
      return reads;
    },
  };
}

describe('logicChain at the deadline', () => {
  const board = grid(EASY);
  // A four-step chain: every run is tried, and there is something to tighten.
  const target = { cell: cell('R2C3'), digit: 3 };
  const chainWithin = (deadline: number): ChainResult => {
    const options = { maxSteps: MAX_CHAIN_STEPS, deadline, now: ticking().now };
    return logicChain(board, variant, target.cell, target.digit, options);
  };

  it('keeps the chain of the first run when time runs out during the second', () => {
    focused.started = false;
    const clock = { deadline: 0, now: () => (focused.started ? 1 : 0) };
    const result = logicChain(board, variant, target.cell, target.digit, {
      maxSteps: MAX_CHAIN_STEPS,
      ...clock,
    });
    expect(focused.started).toBe(true);
    expect(result).toMatchObject({ kind: 'chain', complete: false });
    if (result.kind !== 'chain') return;
    const steps = result.steps.map((s) => stepNote(variant, s));
    expect(chainProblem(board, variant, target, steps)).toBeNull();
    expect(spareSteps(board, variant, target, steps)).toEqual([]);
  });

  it('answers a chain that holds at any deadline once one is found, shortened or not', () => {
    const clock = ticking();
    const full = logicChain(board, variant, target.cell, target.digit, {
      maxSteps: MAX_CHAIN_STEPS,
      deadline: Number.POSITIVE_INFINITY,
      now: clock.now,
    });
    expect(full).toMatchObject({ kind: 'chain', complete: true });
    const last = clock.reads - 1;
    expect(last).toBeGreaterThan(10);
    let found: number | undefined;
    let spare = 0;
    for (let deadline = 0; deadline < last; deadline++) {
      const result = chainWithin(deadline);
      if (result.kind === 'timeout') {
        // Once a chain is found, a later deadline never loses it.
        expect(found, `deadline ${deadline}`).toBeUndefined();
        continue;
      }
      found ??= deadline;
      expect(result, `deadline ${deadline}`).toMatchObject({ kind: 'chain', complete: false });
      if (result.kind !== 'chain') continue;
      const steps = result.steps.map((s) => stepNote(variant, s));
      expect(chainProblem(board, variant, target, steps), `deadline ${deadline}`).toBeNull();
      spare += spareSteps(board, variant, target, steps).length;
    }
    expect(found).toBeDefined();
    // The deadline stopped the shortening too: some chain answered held with a step to spare.
    expect(spare).toBeGreaterThan(0);
    expect(chainWithin(last)).toEqual(full);
  });
});

describe('logicChain tightening', () => {
  it('drops steps until none can be left out, even when dropping one frees an earlier one', () => {
    // Expert puzzle, 12 right digits in, then R7C2 = 1: one pass of dropping leaves 7 steps,
    // one of them spare; passes until none drops leave 6.
    const board = grid(
      '420960300001035200000007640000509030205000010040000095900003000057004003300000900',
    );
    const rights: DebriefMove[] = [...board.keys()]
      .filter((c) => board[c] !== grid(EXPERT)[c])
      .map((c, i) => ({ at: 1000 * (i + 1), cell: c, digit: board[c]!, verdict: 'correct' }));
    const target = { cell: cell('R7C2'), digit: 1 };
    const why = debrief({
      variant: 'percent',
      puzzle: EXPERT,
      solution: EXPERT_SOLUTION,
      moves: [...rights, { at: 60_000, ...target, verdict: 'wrong' }],
      endMs: 60_000,
    }).mistakes[0]!.why;
    expect(why.kind).toBe('logic');
    if (why.kind !== 'logic') return;
    expect(chainProblem(board as Grid, variant, target, why.steps)).toBeNull();
    expect(spareSteps(board, variant, target, why.steps)).toEqual([]);
    expect(why.steps.length).toBeLessThanOrEqual(6);
  });
});
