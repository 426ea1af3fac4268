import { HEADER } from './clause-arena.ts';
import { NO_REASON } from './lit.ts';
import type { SolverCore } from './solver-core.ts';

/** Learned clauses with an LBD this small ("glue clauses") are kept forever, as in Glucose. */
const GLUE = 2;

/** True when clause `cr` is the reason of a current assignment and so must stay. */
function locked(s: SolverCore, cr: number): boolean {
  const first = s.arena.mem[cr + HEADER]!;
  const second = s.arena.mem[cr + HEADER + 1]!;
  return (
    (s.reason[first >> 1] === cr && s.vals[first] === 1) ||
    (s.reason[second >> 1] === cr && s.vals[second] === 1)
  );
}

/**
 * `crs` by `rank` (a non-negative integer) descending, ties in their order in `crs` — as a
 * stable sort with a comparator. The ranks and positions are packed into one double per item
 * and sorted natively: no comparator called per pair (in a fresh process that callback ran in
 * V8's interpreter and took most of a reduction). Ranks too large to pack exactly fall back to
 * the comparator.
 */
export function worstFirst(crs: readonly number[], rank: (cr: number) => number): number[] {
  const n = crs.length;
  const scale = 2 ** Math.ceil(Math.log2(n + 1));
  let maxRank = 0;
  for (let i = 0; i < n; i++) maxRank = Math.max(maxRank, rank(crs[i]!));
  if ((maxRank + 1) * scale > Number.MAX_SAFE_INTEGER) {
    return crs.slice().sort((a, b) => rank(b) - rank(a));
  }
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = (maxRank - rank(crs[i]!)) * scale + i;
  keys.sort();
  const sorted = new Array<number>(n);
  for (let i = 0; i < n; i++) sorted[i] = crs[keys[i]! % scale]!;
  return sorted;
}

/**
 * Clause-database reduction: deletes the worse half of the learned clauses by LBD (then
 * length), keeping glue clauses and reasons, then compacts the arena. Call only when
 * propagation is complete (between a propagate without conflict and the next decision).
 */
export function reduceLearnts(s: SolverCore): void {
  const mem = s.arena.mem;
  // Worst first: by LBD, then length (up to 65,535).
  const rank = (cr: number): number => s.arena.lbd(cr) * 65536 + Math.min(mem[cr]!, 65535);
  const sorted = worstFirst(s.learnts, rank);
  const half = sorted.length >> 1;
  // Kept in place: replacing the array would change the solver's hidden class (shapes.ts).
  const kept = s.learnts;
  kept.length = 0;
  for (let i = 0; i < sorted.length; i++) {
    const cr = sorted[i]!;
    if (i < half && s.arena.lbd(cr) > GLUE && !locked(s, cr)) {
      if (s.proof !== null) s.proof.delete(mem.subarray(cr + HEADER, cr + HEADER + mem[cr]!));
      s.arena.markDeleted(cr);
      s.stats.deleted++;
    } else {
      kept.push(cr);
    }
  }
  compact(s);
}

/**
 * Moves live clauses to a fresh arena, remaps reasons and rebuilds every watch list. The
 * Gauss–Jordan reason and conflict clauses (never watched: only conflict analysis reads them)
 * are freed unless they are still the reason of an assignment.
 */
export function compact(s: SolverCore): void {
  const gauss = s.gauss;
  if (gauss !== null && gauss.reasons.length > 0) gauss.dropUnlocked(s);
  const lists = gauss === null ? [s.problem, s.learnts] : [s.problem, s.learnts, gauss.reasons];
  const forward = s.arena.compact(lists);
  for (let i = 0; i < s.trailSize; i++) {
    const v = s.trail[i]! >> 1;
    const cr = s.reason[v]!;
    if (cr !== NO_REASON) s.reason[v] = forward(cr);
  }
  s.detachAll();
  s.attachAll(s.problem);
  s.attachAll(s.learnts);
}
