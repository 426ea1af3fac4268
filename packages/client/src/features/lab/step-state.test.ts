import { cnf, traceSearch } from '@percent/engine';
import { describe, expect, it } from 'vitest';
import { byLevel, clauseText, nextConflict, previousConflict, trailAt } from './step-state.ts';

// x1 → x3 at level 1; x2 → x4 → x5 at level 2; x3, x5 and x2 clash.
const TWO = cnf(5, [
  [-1, 3],
  [-2, 4],
  [-4, 5],
  [-3, -5, -2],
]);

describe('stepping through a traced search', () => {
  const trace = traceSearch(TWO, 'cdcl');
  const conflict = nextConflict(trace, 0)!;

  it('rebuilds the trail by level at each step, and undoes it at a backjump', () => {
    expect(conflict).toBe(5);
    const before = byLevel(trailAt(trace, conflict));
    expect(before.map((level) => level.map((a) => a.lit))).toEqual([
      [1, 3],
      [2, 4, 5],
    ]);
    // After the learn step, level 2 is gone; then ¬x2 is propagated at level 1 by L1 (clause 4).
    expect(trailAt(trace, conflict + 1).map((a) => a.lit)).toEqual([1, 3]);
    expect(trailAt(trace, conflict + 2).at(-1)).toEqual({ lit: -2, level: 1, reason: 4 });
  });

  it('finds the next and previous conflicts', () => {
    expect(previousConflict(trace, conflict)).toBeUndefined();
    expect(previousConflict(trace, conflict + 1)).toBe(conflict);
    expect(nextConflict(trace, conflict)).toBeUndefined();
  });

  it('writes clauses with ¬ and ∨, the empty one as ⊥', () => {
    expect(clauseText([-2, -3])).toBe('(¬x2 ∨ ¬x3)');
    expect(clauseText([])).toBe('⊥');
  });

  it('replays DPLL backtracking: the flipped decision replaces the branch', () => {
    const dpll = traceSearch(TWO, 'dpll');
    const at = dpll.events.findIndex((e) => e.kind === 'backtrack');
    expect(dpll.events[at]).toEqual({ kind: 'backtrack', level: 2, lit: -2 });
    expect(trailAt(dpll, at).map((a) => [a.lit, a.level, a.reason])).toEqual([
      [1, 1, -1],
      [3, 1, 0],
      [-2, 2, -1],
    ]);
  });
});
