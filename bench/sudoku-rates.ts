import { isSolved, type Grid, type Variant } from '@percent/engine';
import type { Contender, Prepared } from './sudoku-contenders.ts';

/**
 * Solve and count rates of one contender on one set. Rates are per CPU second of this
 * process (`process.cpuUsage`, user + system), which the other jobs sharing the machine do
 * not inflate the way they inflate wall time. Each loop stops early once it has used
 * `capMs` of CPU, so a slow solver cannot stall the bench; its rate is then over the puzzles
 * it reached (the set's first ones).
 */
export interface Rate {
  /** Distinct puzzles attempted in the timed loop. */
  readonly puzzles: number;
  /** Timed calls: `puzzles` × rounds when a small set is repeated to time long enough. */
  readonly calls: number;
  readonly cpuMs: number;
  readonly wallMs: number;
  /** Calls per CPU second. */
  readonly perSecond: number;
  /** Stopped by the CPU cap before the end of the set. */
  readonly capped: boolean;
  /** Answers that were wrong (checked after timing). */
  readonly wrong: number;
  /** The first wrong answer, phrased. */
  readonly firstWrong?: string;
}

export interface ContenderRates {
  readonly contender: Contender;
  readonly solve: Rate;
  /** Undefined when the contender cannot count. */
  readonly count?: Rate;
}

/** Puzzles run untimed first, so the timed loop sees optimised code. */
const WARM_UP = 200;
/** A smaller set is run in rounds until at least this many timed calls, for a stable rate. */
const MIN_CALLS = 5000;
/** Calls per turn: the solvers take turns on chunks of the set (see `timeInterleaved`). */
const CHUNK = 500;

interface Loop {
  puzzles: number;
  calls: number;
  cpuMs: number;
  wallMs: number;
  capped: boolean;
}

function cpuSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/**
 * Times several solvers on the same calls, taking turns chunk by chunk: the machine is
 * shared, and its load drifts over a run, so interleaving makes every solver see the same
 * conditions and keeps their ratio fair even when the absolute rates move. A solver drops
 * out once it has used `capMs` of CPU.
 */
function timeInterleaved(runs: readonly ((i: number) => void)[], n: number, capMs: number): Loop[] {
  for (const run of runs) for (let i = 0; i < Math.min(WARM_UP, n); i++) run(i);
  const total = n * Math.max(1, Math.ceil(MIN_CALLS / n));
  const loops = runs.map(() => ({ puzzles: 0, calls: 0, cpuMs: 0, wallMs: 0, capped: false }));
  const stopped = new Set<number>();
  for (let start = 0; start < total; start += CHUNK) {
    const end = Math.min(start + CHUNK, total);
    runs.forEach((run, r) => {
      if (stopped.has(r)) return;
      const loop = loops[r]!;
      const cpu = process.cpuUsage();
      const wall = performance.now();
      for (let k = start; k < end; k++) run(k % n);
      loop.cpuMs += cpuSince(cpu);
      loop.wallMs += performance.now() - wall;
      loop.calls = end;
      loop.puzzles = Math.min(end, n);
      if (loop.cpuMs <= capMs || end === total) return;
      stopped.add(r);
      loop.capped = end < n;
    });
  }
  return loops;
}

/** Why `solution` is not a solution of `puzzle`, or undefined when it is. */
export function solutionError(variant: Variant, puzzle: Grid, solution: Grid | undefined) {
  if (solution === undefined) return 'answered "no solution" (the puzzle has one)';
  if (!isSolved(variant, solution)) return 'answered a grid that breaks the rules';
  for (let cell = 0; cell < puzzle.length; cell++) {
    if (puzzle[cell] !== 0 && puzzle[cell] !== solution[cell])
      return `answered a grid that changes the given at cell ${cell}`;
  }
  return undefined;
}

function judged(loop: Loop, check: (i: number) => string | undefined): Rate {
  let wrong = 0;
  let firstWrong: string | undefined;
  for (let i = 0; i < loop.puzzles; i++) {
    const error = check(i);
    if (error === undefined) continue;
    wrong++;
    firstWrong ??= `puzzle ${i + 1}: ${error}`;
  }
  const perSecond = loop.calls / (loop.cpuMs / 1000);
  return { ...loop, perSecond, wrong, firstWrong };
}

/**
 * Times `solve` (and `count` where offered) of the contenders on `puzzles`, all of which
 * have exactly one solution, interleaved; then checks every answer: a solution must satisfy
 * `isSolved` and keep the givens, a count must be 1.
 */
export function measureContenders(
  contenders: readonly Contender[],
  variant: Variant,
  puzzles: readonly Grid[],
  capMs: number,
): ContenderRates[] {
  const prepared: Prepared[] = contenders.map((c) => c.prepare(variant, puzzles));
  const n = puzzles.length;
  const solveLoops = timeInterleaved(
    prepared.map((p) => (i: number) => p.solve(i)),
    n,
    capMs,
  );
  const counters = prepared.filter((p) => p.count !== undefined && p.counted !== undefined);
  const countLoops = timeInterleaved(
    counters.map((p) => p.count!),
    n,
    capMs,
  );
  return contenders.map((contender, c) => {
    const p = prepared[c]!;
    const solve = judged(solveLoops[c]!, (i) => solutionError(variant, puzzles[i]!, p.solution(i)));
    const k = counters.indexOf(p);
    if (k < 0) return { contender, solve };
    const count = judged(countLoops[k]!, (i) => {
      const found = p.counted!(i);
      return found === 1
        ? undefined
        : `counted ${found ?? 'unknown'} solutions (the puzzle has exactly 1)`;
    });
    return { contender, solve, count };
  });
}
