import { Solver } from '../../sat/solver.ts';
import { CELLS, DIGITS, type CellIndex, type Digit, type Grid } from '../grid.ts';
import { cellVar, givenLiterals, NUM_VARS } from '../encode.ts';
import type { Variant, VariantIdName } from '../variant.ts';

export type Refutation =
  /**
   * Indices into `variant.houses`: with only these houses' rules (and every cell holding one
   * digit) the digit has no solution. `minimal` is false when the budget ran out while
   * houses were being dropped: the set still refutes but may hold one too many.
   */
  | { readonly kind: 'houses'; readonly houses: readonly number[]; readonly minimal: boolean }
  /** The digit fits the board under every rule: the board is not the puzzle's. */
  | { readonly kind: 'fits' }
  | { readonly kind: 'timeout' };

/**
 * The SAT argument: which houses force a digit out of a cell. The variant's rules are one
 * formula in which every house's clauses carry an activation literal ("this house's rule is
 * on"); the cell rules are always on. A question assumes the board's digits, the digit in
 * the cell, and a set of activations; an unsatisfiable answer names the activations it
 * used, and each house of that core is then dropped in turn while the rest stays
 * unsatisfiable (deletion-based minimisation). The result is minimal: dropping any one of
 * its houses lets the digit fit.
 */
export class HouseRefuter {
  private readonly solver: Solver;
  /** act[h]: the activation variable of house h. */
  private readonly act: readonly number[];

  constructor(readonly variant: Variant) {
    this.act = variant.houses.map((_, h) => NUM_VARS + 1 + h);
    this.solver = new Solver(NUM_VARS + variant.houses.length);
    for (let cell = 0; cell < CELLS; cell++) exactlyOne(this.solver, cellVars(cell), 0);
    variant.houses.forEach((house, h) => {
      for (const d of DIGITS)
        exactlyOne(
          this.solver,
          house.cells.map((cell) => cellVar(cell, d)),
          this.act[h]!,
        );
    });
  }

  /**
   * Refutes `digit` in `cell` on `board` (givens and right digits only; the cell blank). The
   * houses containing the cell are dropped last, so they stay in the answer when they can.
   */
  refute(board: Grid, cell: CellIndex, digit: Digit, deadline: number): Refutation {
    const base = [...givenLiterals(board), cellVar(cell, digit)];
    const first = this.core(
      base,
      this.variant.houses.map((_, h) => h),
      deadline,
    );
    if (first === 'timeout') return { kind: 'timeout' };
    if (first === 'sat') return { kind: 'fits' };
    let houses = first;
    let minimal = true;
    for (const h of this.dropOrder(houses, cell)) {
      if (!houses.includes(h)) continue;
      const without = houses.filter((other) => other !== h);
      const answer = this.core(base, without, deadline);
      if (answer === 'timeout') {
        minimal = false;
        break;
      }
      if (answer !== 'sat') houses = answer;
    }
    return { kind: 'houses', houses: [...houses].sort((a, b) => a - b), minimal };
  }

  /** The houses of an unsatisfiable answer under `houses`, 'sat', or 'timeout'. */
  private core(
    base: readonly number[],
    houses: readonly number[],
    deadline: number,
  ): number[] | 'sat' | 'timeout' {
    const timeMs = deadline - performance.now();
    if (timeMs <= 0) return 'timeout';
    const assumptions = [...base, ...houses.map((h) => this.act[h]!)];
    const result = this.solver.solve({ assumptions, budget: { timeMs } });
    if (result.status === 'sat') return 'sat';
    if (result.status === 'unknown') return 'timeout';
    const failed = new Set(result.failedAssumptions);
    return houses.filter((h) => failed.has(this.act[h]!));
  }

  /** Houses away from the cell first (the extras, boxes, columns, rows), the cell's own last. */
  private dropOrder(houses: readonly number[], cell: CellIndex): number[] {
    const own = this.variant.housesOf[cell]!;
    const away = houses.filter((h) => !own.includes(h)).reverse();
    return [...away, ...houses.filter((h) => own.includes(h))];
  }
}

const cellVars = (cell: CellIndex): number[] => DIGITS.map((d) => cellVar(cell, d));

/**
 * At least one of `vars` and at most one (pairwise), each clause guarded by `guard` (the
 * clause holds only while the guard is assumed) unless it is 0.
 */
function exactlyOne(solver: Solver, vars: readonly number[], guard: number): void {
  const tail = guard === 0 ? [] : [-guard];
  solver.addClause([...vars, ...tail]);
  for (let i = 0; i < vars.length; i++)
    for (let j = i + 1; j < vars.length; j++) solver.addClause([-vars[i]!, -vars[j]!, ...tail]);
}

const refuters = new Map<VariantIdName, HouseRefuter>();

/** One refuter per variant, built on first use (the formula is the same for every puzzle). */
export function refuterFor(variant: Variant): HouseRefuter {
  let refuter = refuters.get(variant.id);
  if (!refuter) refuters.set(variant.id, (refuter = new HouseRefuter(variant)));
  return refuter;
}
