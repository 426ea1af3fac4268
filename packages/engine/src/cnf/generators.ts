/**
 * Pure CNF instance generators for tests and benchmarks. Every random one takes its
 * chance from an injected Rng, so an instance is reproducible from its seed.
 */
import type { Rng } from '../rng.ts';
import type { Cnf } from './formula.ts';

function checkShape(numVars: number, numClauses: number, k: number): void {
  if (!Number.isInteger(numVars) || numVars < 0) {
    throw new RangeError(`numVars must be a non-negative integer, got ${numVars}`);
  }
  if (!Number.isInteger(numClauses) || numClauses < 0) {
    throw new RangeError(`numClauses must be a non-negative integer, got ${numClauses}`);
  }
  if (!Number.isInteger(k) || k < 1 || k > numVars) {
    throw new RangeError(`k must be an integer in 1..numVars (${numVars}), got ${k}`);
  }
}

/**
 * k distinct variables drawn uniformly from 1..numVars (partial Fisher–Yates over a
 * scratch array that the caller owns and that stays a permutation between calls).
 */
function pickDistinct(rng: Rng, scratch: Int32Array, k: number): Int32Array {
  const n = scratch.length;
  const out = new Int32Array(k);
  for (let i = 0; i < k; i++) {
    const j = i + rng.int(n - i);
    const tmp = scratch[i]!;
    scratch[i] = scratch[j]!;
    scratch[j] = tmp;
    out[i] = scratch[i]!;
  }
  return out;
}

function identity(numVars: number): Int32Array {
  const scratch = new Int32Array(numVars);
  for (let v = 0; v < numVars; v++) scratch[v] = v + 1;
  return scratch;
}

/** Uniform random k-SAT: `numClauses` clauses of k distinct variables each, random signs. */
export function randomKSat(rng: Rng, numVars: number, numClauses: number, k: number): Cnf {
  checkShape(numVars, numClauses, k);
  const scratch = identity(numVars);
  const clauses: Int32Array[] = [];
  for (let c = 0; c < numClauses; c++) {
    const clause = pickDistinct(rng, scratch, k);
    for (let i = 0; i < k; i++) if (rng.int(2) === 1) clause[i] = -clause[i]!;
    clauses.push(clause);
  }
  return { numVars, clauses };
}

/**
 * Pigeonhole PHP(pigeons, holes): every pigeon sits in some hole and no hole holds two
 * pigeons. Unsatisfiable exactly when pigeons > holes, and hard for resolution, so a
 * standard stress test. Variable (p, h) — pigeon p in hole h, both 0-based — is
 * `p * holes + h + 1`.
 */
export function pigeonhole(pigeons: number, holes: number): Cnf {
  if (!Number.isInteger(pigeons) || pigeons < 0 || !Number.isInteger(holes) || holes < 0) {
    throw new RangeError(`pigeons and holes must be non-negative integers`);
  }
  const at = (p: number, h: number): number => p * holes + h + 1;
  const clauses: Int32Array[] = [];
  for (let p = 0; p < pigeons; p++) {
    const somewhere = new Int32Array(holes);
    for (let h = 0; h < holes; h++) somewhere[h] = at(p, h);
    clauses.push(somewhere);
  }
  for (let h = 0; h < holes; h++) {
    for (let p = 0; p < pigeons; p++) {
      for (let q = p + 1; q < pigeons; q++) clauses.push(Int32Array.of(-at(p, h), -at(q, h)));
    }
  }
  return { numVars: pigeons * holes, clauses };
}

/**
 * A random k-SAT formula with a planted satisfying assignment, so it is always SAT.
 * Clauses are uniform among those the planted assignment satisfies (rejection sampling:
 * a clause it falsifies is redrawn, which happens with probability 2^-k).
 * `planted[v]` is 1 when variable v is true in the planted assignment; index 0 is unused.
 */
export function plantedKSat(
  rng: Rng,
  numVars: number,
  numClauses: number,
  k: number,
): { cnf: Cnf; planted: Uint8Array } {
  checkShape(numVars, numClauses, k);
  const planted = new Uint8Array(numVars + 1);
  for (let v = 1; v <= numVars; v++) planted[v] = rng.int(2);
  const scratch = identity(numVars);
  const clauses: Int32Array[] = [];
  while (clauses.length < numClauses) {
    const clause = pickDistinct(rng, scratch, k);
    let satisfied = false;
    for (let i = 0; i < k; i++) {
      const v = clause[i]!;
      const positive = rng.int(2) === 1;
      if (!positive) clause[i] = -v;
      if ((planted[v] === 1) === positive) satisfied = true;
    }
    if (satisfied) clauses.push(clause);
  }
  return { cnf: { numVars, clauses }, planted };
}
