// Loading a whole formula in batches (load-batch.ts: records written one by one, or the
// parser's records copied a segment at a time) answers exactly as adding its clauses one by
// one does: the same satisfiability, the same facts at level 0, the same error for a bad
// literal — wherever in the batch a unit, the empty clause or that literal falls.
import { describe, expect, it } from 'vitest';
import { parseDimacsBytes } from '../cnf/dimacs-bytes.ts';
import { formatDimacs } from '../cnf/dimacs-write.ts';
import { cnf, firstFalsifiedClause, type Cnf } from '../cnf/formula.ts';
import { randomKSat } from '../cnf/generators.ts';
import { recordsOf } from '../cnf/records.ts';
import { createRng } from '../rng.ts';
import { newKernel, Slot } from './kernel/kernel.ts';
import { BATCH_SLOTS } from './load-batch.ts';
import { Solver } from './solver.ts';
import type { SolveResult } from './types.ts';

/** What a solver loaded with `load` says: addClauses's answer, then solve's verdict. */
function answers(formula: Cnf, load: (solver: Solver) => boolean) {
  const solver = new Solver(formula.numVars);
  const added = load(solver);
  const result = solver.solve();
  const model = result.status === 'sat' ? Array.from(result.model) : null;
  return { added, status: result.status, model };
}

const oneByOne = (formula: Cnf) =>
  answers(formula, (s) => formula.clauses.every((clause) => s.addClause(clause)));
const batched = (formula: Cnf) => answers(formula, (s) => s.addClauses(formula.clauses));

/** The formula as the parser reads it, its clauses backed by registered records. */
function parsed(formula: Cnf): Cnf {
  const result = parseDimacsBytes(new TextEncoder().encode(formatDimacs(formula)));
  if (!result.ok) throw new Error('the formula did not parse');
  expect(recordsOf(result.cnf.clauses)).toBeDefined();
  return result.cnf;
}

describe('loading a formula in batches', () => {
  it('answers as clause by clause, with units, satisfied and shortened clauses among the rest', () => {
    const rng = createRng('load-batch');
    for (let round = 0; round < 40; round++) {
      const base = randomKSat(rng, 30, 100 + rng.int(40), 3);
      const clauses = [...base.clauses];
      // Units anywhere (some contradicting each other), repeated literals and tautologies.
      for (let k = 0; k < 1 + rng.int(6); k++) {
        const v = 1 + rng.int(30);
        clauses.splice(rng.int(clauses.length + 1), 0, Int32Array.of(rng.int(2) ? v : -v));
      }
      clauses.splice(rng.int(clauses.length), 0, Int32Array.of(4, 4, -7), Int32Array.of(2, -2));
      const formula: Cnf = { numVars: 30, clauses };
      const expected = oneByOne(formula);
      expect(batched(formula)).toEqual(expected);
      expect(batched(parsed(formula))).toEqual(expected);
    }
  });

  it('stops at the empty clause, wherever it is', () => {
    const formula = cnf(3, [[1, 2], [-1, 3], [], [2, 3]]);
    expect(batched(formula)).toEqual({ added: false, status: 'unsat', model: null });
    expect(batched(parsed(formula))).toEqual({ added: false, status: 'unsat', model: null });
    // Unsatisfiable by units that meet in the middle of the batch.
    const units = cnf(3, [[1, 2], [1], [2, 3], [-1], [3]]);
    expect(batched(units)).toEqual(oneByOne(units));
    expect(batched(units).added).toBe(false);
  });

  it('throws the one-by-one error for a literal out of range, the clauses before it kept', () => {
    for (const bad of [[1, 4], [0, 2], [-5]]) {
      const clauses = [[1, 2], [-1, 3], bad, [2, 3]];
      const error = (() => {
        try {
          new Solver(3).addClauses(cnf(3, clauses).clauses);
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(RangeError);
      const single = new Solver(3);
      single.addClause(Int32Array.from(clauses[0]!));
      single.addClause(Int32Array.from(clauses[1]!));
      expect(() => single.addClause(Int32Array.from(bad))).toThrow((error as Error).message);
    }
  });

  it('loads more clauses than one batch holds, and plain arrays among typed ones', () => {
    const formula = randomKSat(createRng('load-batch-big'), 400, 24_000, 3);
    expect(formula.clauses.length * 4).toBeGreaterThan(BATCH_SLOTS);
    const mixed: Cnf = {
      numVars: 400,
      clauses: formula.clauses.map((c, i) => (i % 1000 === 7 ? Array.from(c) : c)) as Int32Array[],
    };
    expect(batched(mixed)).toEqual(oneByOne(formula));
    expect(batched(parsed(formula))).toEqual(oneByOne(formula));
  });
});

describe('a formula loaded in batches, through clause-database reductions', () => {
  it('keeps every clause: the search of one by one, conflict for conflict', () => {
    // Hard enough for thousands of conflicts (reductions rebuild every watch from the
    // solver's list of problem clauses), with units in the batch to stop it now and then.
    const base = randomKSat(createRng('load-batch-reduce-a'), 170, 720, 3);
    const clauses = base.clauses.flatMap((c, i) =>
      i % 300 === 150 ? [c, Int32Array.of((i % 170) + 1)] : [c],
    );
    const formula: Cnf = { numVars: 170, clauses };
    const solver = new Solver(170);
    solver.addClauses(parsed(formula).clauses);
    const result = solver.solve();
    expect(result.stats.conflicts).toBeGreaterThan(2_000);
    const single = new Solver(170);
    for (const clause of clauses) single.addClause(clause);
    const expected = single.solve();
    // The same search, conflict for conflict, before and after each reduction.
    const course = (r: SolveResult) => [r.status, r.stats.conflicts, r.stats.propagations];
    expect(course(result)).toEqual(course(expected));
    if (result.status === 'sat') expect(firstFalsifiedClause(formula, result.model)).toBe(-1);
  });
});

describe('the kernel’s check of a model', () => {
  it('names the first stored clause the assignment falsifies, unassigned variables false', () => {
    const kernel = newKernel(true);
    kernel.growTo(3);
    // Where the kernel's `input` is now (it may move as it grows).
    const input = () => {
      const slot = new Int32Array(kernel.memory.buffer, kernel.header() + 4 * Slot.input, 1);
      return slot[0]! >> 2;
    };
    const refs: number[] = [];
    for (const clause of [
      [1, 2],
      [-1, 3],
      [-2, -3],
    ]) {
      kernel.reserveInput(clause.length);
      new Int32Array(kernel.memory.buffer).set(clause, input());
      refs.push(kernel.addClause(clause.length));
    }
    expect(refs.every((cr) => cr >= 0)).toBe(true);
    const check = () => {
      kernel.reserveInput(refs.length);
      new Int32Array(kernel.memory.buffer).set(refs, input());
      return kernel.firstFalsified(refs.length);
    };
    expect(check()).toBe(0); // nothing assigned: 1 ∨ 2 is false
    kernel.enqueue(2 * 1, -1); // variable 2 true: (1 ∨ 2) holds, (−2 ∨ −3) too
    expect(check()).toBe(-1);
    kernel.enqueue(2 * 2, -1); // variable 3 true as well: (−2 ∨ −3) falsified
    expect(check()).toBe(2);
  });
});
