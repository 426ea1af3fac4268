/**
 * An exhaustive SAT checker for tiny formulas, used only by tests as the oracle the real
 * solver is compared against. It is deliberately plain — try every assignment, check
 * every clause — and shares no code with the solver or with `firstFalsifiedClause`, so a
 * bug in either cannot hide behind the same bug here.
 *
 * Also here: a generator of small "messy" formulas (empty and unit clauses, duplicate
 * literals, tautologies, unused variables) that the cross-check tests feed to both.
 */
import type { Cnf } from '../../cnf/formula.ts';
import type { Rng } from '../../rng.ts';

/** Above this, 2^numVars assignments are too many to try. */
export const BRUTE_FORCE_MAX_VARS = 20;

/**
 * One clause as two bit masks over an assignment word whose bit v-1 is variable v:
 * satisfied when some positive variable is set or some negative one is clear.
 * An empty clause has both masks 0 and is never satisfied.
 */
interface MaskClause {
  readonly pos: number;
  readonly neg: number;
}

function toMasks(formula: Cnf, extraUnits: readonly number[]): MaskClause[] {
  const { numVars } = formula;
  if (!Number.isInteger(numVars) || numVars < 0 || numVars > BRUTE_FORCE_MAX_VARS) {
    throw new RangeError(
      `brute force handles 0..${BRUTE_FORCE_MAX_VARS} variables, got ${numVars}`,
    );
  }
  const all: ArrayLike<number>[] = [...formula.clauses, ...extraUnits.map((lit) => [lit])];
  return all.map((clause) => {
    let pos = 0;
    let neg = 0;
    for (let i = 0; i < clause.length; i++) {
      const lit = clause[i]!;
      const v = Math.abs(lit);
      if (!Number.isInteger(lit) || v < 1 || v > numVars) {
        throw new RangeError(`literal ${lit} is outside 1..${numVars}`);
      }
      if (lit > 0) pos |= 1 << (v - 1);
      else neg |= 1 << (v - 1);
    }
    return { pos, neg };
  });
}

function satisfiesAll(masks: readonly MaskClause[], assignment: number): boolean {
  for (const { pos, neg } of masks) {
    if ((assignment & pos) === 0 && (~assignment & neg) === 0) return false;
  }
  return true;
}

function toModel(assignment: number, numVars: number): Uint8Array {
  const model = new Uint8Array(numVars + 1);
  for (let v = 1; v <= numVars; v++) model[v] = (assignment >>> (v - 1)) & 1;
  return model;
}

/**
 * The number of assignments to variables 1..numVars that satisfy every clause and every
 * literal of `assume` (each treated as a unit clause).
 */
export function countModels(formula: Cnf, assume: readonly number[] = []): number {
  const masks = toMasks(formula, assume);
  const total = 2 ** formula.numVars;
  let count = 0;
  for (let a = 0; a < total; a++) if (satisfiesAll(masks, a)) count++;
  return count;
}

/**
 * The first model in counting order (variable 1 the lowest bit) of the formula plus the
 * units `assume`, as `model[v]` ∈ {0, 1} with index 0 unused; null when there is none.
 */
export function findModel(formula: Cnf, assume: readonly number[] = []): Uint8Array | null {
  const masks = toMasks(formula, assume);
  const total = 2 ** formula.numVars;
  for (let a = 0; a < total; a++) if (satisfiesAll(masks, a)) return toModel(a, formula.numVars);
  return null;
}

/** Whether the formula plus the units `assume` has a model. */
export function isSatisfiable(formula: Cnf, assume: readonly number[] = []): boolean {
  return findModel(formula, assume) !== null;
}

/** A literal over 1..numVars with a random sign. */
export function randomLiteral(rng: Rng, numVars: number): number {
  const v = 1 + rng.int(numVars);
  return rng.int(2) === 1 ? v : -v;
}

function messyClause(rng: Rng, numVars: number, k: number): number[] {
  const roll = rng.next();
  if (roll < 0.05) return [randomLiteral(rng, numVars)]; // unit
  // Drawn with replacement, so duplicates and x ∨ ¬x occur naturally; add more of both.
  const clause: number[] = [];
  for (let i = 0; i < k; i++) clause.push(randomLiteral(rng, numVars));
  if (roll < 0.1) clause.push(clause[0]!);
  else if (roll < 0.14) clause.push(-clause[0]!);
  return clause;
}

/**
 * A small random formula for cross-checking against brute force: 1..maxVars variables,
 * k ∈ {2, 3, 4}, a clause/variable ratio from well below to well beyond the k-SAT
 * threshold so that both verdicts are common, plus empty clauses, units, duplicate
 * literals, tautologies and (through drawing with replacement, and sometimes extra
 * declared variables) variables that never occur.
 */
export function randomMessyCnf(rng: Rng, maxVars: number): Cnf {
  const used = 1 + rng.int(maxVars);
  const numVars = Math.min(maxVars, used + (rng.int(4) === 0 ? 1 + rng.int(3) : 0));
  const k = 2 + rng.int(3);
  const threshold = k === 2 ? 1 : k === 3 ? 4.27 : 9.93;
  const ratio = threshold * (0.3 + 1.7 * rng.next());
  const numClauses = Math.round(used * ratio);
  const clauses: Int32Array[] = [];
  for (let c = 0; c < numClauses; c++) clauses.push(Int32Array.from(messyClause(rng, used, k)));
  // Now and then an empty clause, which makes the formula UNSAT outright.
  if (rng.int(25) === 0) clauses.splice(rng.int(clauses.length + 1), 0, new Int32Array(0));
  return { numVars, clauses };
}

/** `check`'s verdict, or the message of what it threw, so one crash still names its case. */
export function errorOrThrown(check: () => string | null): string | null {
  try {
    return check();
  } catch (thrown) {
    return `threw ${String(thrown)}`;
  }
}

/** A one-line DIMACS-like rendering for failure messages: `p cnf 3 2: 1 -2 0 2 3 0`. */
export function showCnf(formula: Cnf): string {
  const body = formula.clauses.map((c) => [...c, 0].join(' ')).join(' ');
  return `p cnf ${formula.numVars} ${formula.clauses.length}: ${body}`;
}
