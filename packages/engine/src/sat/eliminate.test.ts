/**
 * The preprocessor must keep the verdict of every formula, hand back models that extend to
 * the input's, and really simplify: eliminate chained variables, drop subsumed clauses,
 * strengthen self-subsumed ones, refute by unit propagation, and honour its limits.
 */
import { describe, expect, it } from 'vitest';
import { cnf, firstFalsifiedClause, type Cnf } from '../cnf/formula.ts';
import { pigeonhole, plantedKSat } from '../cnf/generators.ts';
import { createRng, type Rng } from '../rng.ts';
import { eliminateVariables } from './eliminate.ts';
import { litFromDimacs } from './lit.ts';
import { OccurrenceDb } from './occurrences.ts';
import { solveCnf } from './solve-cnf.ts';
import {
  errorOrThrown,
  findModel,
  isSatisfiable,
  randomLiteral,
  randomMessyCnf,
  showCnf,
} from './testing/brute-force.ts';

/** Mostly binary clauses over few variables: implication chains that elimination removes. */
function chainyCnf(rng: Rng, maxVars: number): Cnf {
  const numVars = 2 + rng.int(maxVars - 1);
  const clauses: Int32Array[] = [];
  const count = Math.round(numVars * (0.8 + 1.6 * rng.next()));
  for (let i = 0; i < count; i++) {
    const size = rng.int(10) < 7 ? 2 : 1 + 2 * rng.int(2);
    clauses.push(Int32Array.from({ length: size }, () => randomLiteral(rng, numVars)));
  }
  return { numVars, clauses };
}

/** Why preprocessing `formula` went wrong, or null: verdict, extended model, no stray variable. */
function eliminationError(formula: Cnf): string | null {
  const simplified = eliminateVariables(formula);
  const sat = isSatisfiable(formula);
  if (!simplified.ok && sat) return 'refuted a satisfiable formula';
  if (isSatisfiable(simplified.cnf) !== sat) return `verdict changed (input sat: ${sat})`;
  const occurring = new Set(simplified.cnf.clauses.flatMap((c) => Array.from(c, Math.abs)));
  if (simplified.eliminated > formula.numVars - occurring.size)
    return 'an eliminated variable occurs';
  if (!sat) return null;
  const model = findModel(simplified.cnf)!;
  simplified.extend(model);
  const falsified = firstFalsifiedClause(formula, model);
  return falsified === -1 ? null : `extended model falsifies input clause #${falsified}`;
}

describe('eliminateVariables', () => {
  it('keeps the verdict and extends models on thousands of random formulas', () => {
    let eliminated = 0;
    for (let i = 0; i < 3000; i++) {
      const rng = createRng(`eliminate-${i}`);
      const formula = i % 2 === 0 ? randomMessyCnf(rng, 14) : chainyCnf(rng, 14);
      expect(
        errorOrThrown(() => eliminationError(formula)),
        `#${i} ${showCnf(formula)}`,
      ).toBeNull();
      eliminated += eliminateVariables(formula).eliminated;
    }
    // The corpus must exercise elimination, not only pass through untouched formulas.
    expect(eliminated).toBeGreaterThan(3000);
  });

  it('eliminates the inner variables of an implication chain', () => {
    const n = 30;
    const chain = Array.from({ length: n - 1 }, (_, i) => [-(i + 1), i + 2]);
    const simplified = eliminateVariables(cnf(n, [...chain, [1, n]]));
    expect(simplified.ok).toBe(true);
    expect(simplified.eliminated).toBeGreaterThanOrEqual(n - 2);
    expect(simplified.cnf.clauses.length).toBeLessThanOrEqual(1);
    const model = new Uint8Array(n + 1);
    simplified.extend(model);
    expect(firstFalsifiedClause(cnf(n, [...chain, [1, n]]), model)).toBe(-1);
  });

  it('refutes by unit propagation and returns the empty clause', () => {
    const simplified = eliminateVariables(cnf(3, [[1], [-1, 2], [-2, 3], [-3, -1]]));
    expect(simplified.ok).toBe(false);
    expect(simplified.cnf.clauses.some((c) => c.length === 0)).toBe(true);
  });

  it('leaves pigeonhole formulas unsatisfiable and never grows the formula', () => {
    const formula = pigeonhole(5, 4);
    const simplified = eliminateVariables(formula);
    expect(solveCnf(simplified.cnf, { eliminate: false }).status).toBe('unsat');
    expect(simplified.cnf.clauses.length).toBeLessThanOrEqual(formula.clauses.length);
  });

  it('does no elimination with a work limit of zero steps', () => {
    const simplified = eliminateVariables(
      cnf(4, [
        [-1, 2],
        [-2, 3],
        [-3, 4],
      ]),
      { steps: 0 },
    );
    expect(simplified.eliminated).toBe(0);
    expect(simplified.cnf.clauses).toHaveLength(3);
  });

  it('stops at once when the signal has fired, returning the formula as it stands', () => {
    const formula = cnf(4, [
      [-1, 2],
      [-2, 3],
      [-3, 4],
    ]);
    const controller = new AbortController();
    controller.abort();
    const simplified = eliminateVariables(formula, { signal: controller.signal });
    expect(simplified.eliminated).toBe(0);
    expect(simplified.cnf.clauses).toHaveLength(3);
  });
});

describe('OccurrenceDb', () => {
  const db = (clauses: number[][]): OccurrenceDb => {
    const d = new OccurrenceDb(6);
    for (const c of clauses) d.add(c.map(litFromDimacs));
    return d;
  };

  it('deletes the clauses a clause subsumes, duplicates included', () => {
    const d = db([
      [1, 2],
      [1, 2, 3],
      [1, 2],
      [1, 3],
    ]);
    d.backwardSubsume(0);
    expect(Array.from(d.alive.subarray(0, 4))).toEqual([1, 0, 0, 1]);
  });

  it('strengthens a clause that it self-subsumes', () => {
    const d = db([
      [1, 2],
      [-1, 2, 3],
    ]);
    d.backwardSubsume(0);
    expect(Array.from(d.clauses[1]!)).toEqual([2, 3].map(litFromDimacs));
  });

  it('assigns the last literal of a clause strengthened to a unit', () => {
    const d = db([
      [1, 2],
      [-1, 2],
    ]);
    d.backwardSubsume(0);
    expect(d.propagate()).toBe(true);
    expect(d.value[litFromDimacs(2)]).toBe(1);
  });
});

describe('solveCnf with elimination', () => {
  it('answers as without it, and reports how many variables it removed', () => {
    for (let i = 0; i < 20; i++) {
      const formula = plantedKSat(createRng(`planted-elim-${i}`), 60, 200, 3).cnf;
      const on = solveCnf(formula);
      expect(on.status).toBe('sat');
      expect(solveCnf(formula, { eliminate: false }).status).toBe('sat');
    }
    // Pigeonhole 8 → 7 beside an implication chain: the probe's thousand conflicts do not
    // decide it, so elimination runs (and removes chain variables) before the search goes on.
    const php = pigeonhole(8, 7);
    const links = Array.from({ length: 40 }, (_, i) => [57 + i, -(58 + i)]);
    const hard = cnf(97, [...php.clauses.map((c) => Array.from(c)), ...links]);
    expect(solveCnf(hard).stats.eliminated).toBeGreaterThan(0);
    expect(solveCnf(hard, { eliminate: false }).stats.eliminated).toBe(0);
    const dpll = solveCnf(hard, { mode: 'dpll', budget: { conflicts: 10 } });
    expect(dpll.stats.eliminated).toBe(0);
  });

  it('leaves a small formula alone when a short search decides it, and simplifies it when not', () => {
    const chain = cnf(
      10,
      Array.from({ length: 9 }, (_, i) => [-(i + 1), i + 2]),
    );
    const easy = solveCnf(chain);
    expect(easy.status).toBe('sat');
    expect(easy.stats.eliminated).toBe(0);
    // Pigeonhole 8 → 7 needs far more than the probe's thousand conflicts.
    const hard = solveCnf(pigeonhole(8, 7), { xor: false });
    expect(hard.status).toBe('unsat');
    expect(hard.stats.conflicts).toBeGreaterThan(1000);
    expect(hard.stats.eliminated).toBeGreaterThan(0);
  });
});
