import type { Cnf } from '../../cnf/formula.ts';
import { detectXors } from './detect.ts';
import { worthMatrix } from './engine.ts';
import { directXorClauses } from './first-look.ts';
import { mergeAuxVariables } from './merge.ts';
import type { Xor } from './xor.ts';

/** The whole-formula pipeline's look for XORs (`solve-cnf.ts`): what it hands the solver. */

/** The XORs of a formula, ready for the solver. */
export interface FoundXors {
  /** The input, plus a variable and its clauses for each AND gate camouflaged XORs use. */
  readonly formula: Cnf;
  /** The XORs worth Gauss–Jordan elimination, auxiliary chain variables merged away. */
  readonly xors: readonly Xor[];
  /** How many XORs the clauses held before merging. */
  readonly found: number;
}

export const NO_XORS = (cnf: Cnf): FoundXors => ({ formula: cnf, xors: [], found: 0 });

/**
 * The XORs among the formula's clauses — all of them, or only those at the indices `named`
 * (a first look's) — with a variable for each AND gate camouflaged XORs use, chain variables
 * merged away, and those worth Gauss–Jordan elimination kept.
 */
export function findXors(cnf: Cnf, named?: readonly number[]): FoundXors {
  const clauses = named === undefined ? cnf.clauses : named.map((i) => cnf.clauses[i]!);
  const detected = detectXors({ numVars: cnf.numVars, clauses });
  if (detected.xors.length === 0) return NO_XORS(cnf);
  const formula = withGates(cnf, detected.gates);
  const encoding = new Uint8Array(formula.clauses.length);
  if (named === undefined) encoding.set(detected.encoding);
  else named.forEach((i, j) => (encoding[i] = detected.encoding[j]!));
  const merged = mergeAuxVariables(detected.xors, formula, encoding);
  return { formula, xors: worthMatrix(merged, formula.numVars), found: detected.xors.length };
}

/** The XORs a cheap first look sees in their direct encoding (see `directXorClauses`). */
export function directXors(cnf: Cnf): FoundXors {
  const named = directXorClauses(cnf);
  return named.length === 0 ? NO_XORS(cnf) : findXors(cnf, named);
}

/** `cnf` with variable numVars + g + 1 defined as AND gate g: g ↔ a ∧ b. */
function withGates(cnf: Cnf, gates: readonly (readonly [number, number])[]): Cnf {
  if (gates.length === 0) return cnf;
  const clauses = cnf.clauses.slice();
  gates.forEach(([a, b], g) => {
    const out = cnf.numVars + g + 1;
    clauses.push(Int32Array.of(-out, a), Int32Array.of(-out, b), Int32Array.of(out, -a, -b));
  });
  return { numVars: cnf.numVars + gates.length, clauses };
}
