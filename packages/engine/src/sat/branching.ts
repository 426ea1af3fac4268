import { HEADER } from './clause-arena.ts';
import { NO_LIT, type Lit } from './lit.ts';

/**
 * The dynamic branching heuristics of the DPLL literature. Each scans the problem clauses
 * that are still open (no literal true) under the current assignment, so a decision costs
 * O(total literals): that is their textbook definition and the reason VSIDS exists.
 * All return NO_LIT when every problem clause is satisfied.
 */
export interface BranchingView {
  /** Clause arena memory. */
  readonly mem: Int32Array;
  /** References of the problem (non-learnt) clauses. */
  readonly problem: readonly number[];
  /** Literal values: 1 true, −1 false, 0 unassigned. */
  readonly vals: Int8Array;
  /** Per-literal scratch scores, length 2·numVars; overwritten. */
  readonly scores: Float64Array;
}

/** Number of unassigned literals of clause `cr`, or −1 when the clause is satisfied. */
function openSize(mem: Int32Array, vals: Int8Array, cr: number): number {
  const end = cr + HEADER + mem[cr]!;
  let free = 0;
  for (let i = cr + HEADER; i < end; i++) {
    const v = vals[mem[i]!]!;
    if (v === 1) return -1;
    if (v === 0) free++;
  }
  return free;
}

/** The course baseline: first unassigned literal of the first open clause. */
export function pickFirst({ mem, problem, vals }: BranchingView): Lit {
  for (const cr of problem) {
    if (openSize(mem, vals, cr) < 0) continue;
    const end = cr + HEADER + mem[cr]!;
    for (let i = cr + HEADER; i < end; i++) if (vals[mem[i]!] === 0) return mem[i]!;
  }
  return NO_LIT;
}

/** Adds `weight(openSize)` to the score of each unassigned literal of every open clause. */
function scoreOpenClauses(
  view: BranchingView,
  weight: (size: number) => number,
  onlySize = -1,
): boolean {
  const { mem, problem, vals, scores } = view;
  scores.fill(0);
  let open = false;
  for (const cr of problem) {
    const size = openSize(mem, vals, cr);
    if (size < 0 || (onlySize >= 0 && size !== onlySize)) continue;
    open = true;
    const w = weight(size);
    const end = cr + HEADER + mem[cr]!;
    for (let i = cr + HEADER; i < end; i++) {
      const lit = mem[i]!;
      if (vals[lit] === 0) scores[lit]! += w;
    }
  }
  return open;
}

/** The literal with the highest score, or NO_LIT when no literal scored. */
function bestLiteral(scores: Float64Array, vals: Int8Array): Lit {
  let best = NO_LIT;
  let bestScore = 0;
  for (let lit = 0; lit < scores.length; lit++) {
    if (vals[lit] === 0 && scores[lit]! > bestScore) {
      bestScore = scores[lit]!;
      best = lit;
    }
  }
  return best;
}

/** The variable maximising `combine(score(x), score(¬x))`, branching first on its stronger side. */
function bestVariable(
  scores: Float64Array,
  vals: Int8Array,
  combine: (pos: number, neg: number) => number,
): Lit {
  let best = NO_LIT;
  let bestScore = -1;
  for (let lit = 0; lit < scores.length; lit += 2) {
    if (vals[lit] !== 0) continue;
    const pos = scores[lit]!;
    const neg = scores[lit + 1]!;
    if (pos === 0 && neg === 0) continue;
    const s = combine(pos, neg);
    if (s > bestScore) {
      bestScore = s;
      best = pos >= neg ? lit : lit + 1;
    }
  }
  return best;
}

/** DLIS: the literal occurring in the most open clauses. */
export function pickDlis(view: BranchingView): Lit {
  if (!scoreOpenClauses(view, () => 1)) return NO_LIT;
  return bestLiteral(view.scores, view.vals);
}

/** Two-sided Jeroslow–Wang: J(l) = Σ 2^−|C| over open clauses C ∋ l, |C| counting unassigned literals. */
export function pickJeroslowWang(view: BranchingView): Lit {
  if (!scoreOpenClauses(view, (size) => Math.pow(2, -size))) return NO_LIT;
  return bestVariable(view.scores, view.vals, (pos, neg) => pos + neg);
}

/** MOMS with Freeman's combination (f(x) + f(¬x))·2^k + f(x)·f(¬x), k = 10, over the shortest open clauses. */
export function pickMoms(view: BranchingView): Lit {
  const { mem, problem, vals } = view;
  let minSize = Infinity;
  for (const cr of problem) {
    const size = openSize(mem, vals, cr);
    if (size >= 0 && size < minSize) minSize = size;
  }
  if (minSize === Infinity) return NO_LIT;
  scoreOpenClauses(view, () => 1, minSize);
  return bestVariable(view.scores, view.vals, (pos, neg) => (pos + neg) * 1024 + pos * neg);
}
