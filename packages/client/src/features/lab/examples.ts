/**
 * Built-in formulas to try, generated here from seeds (never copied from benchmark files):
 * a satisfiable random 3-SAT with a planted model, a pigeonhole formula (unsatisfiable and
 * hard for resolution), and two parity chains over the same variables that must differ
 * (unsatisfiable, the kind XOR reasoning decides at once).
 */
import { createRng, formatDimacs, pigeonhole, plantedKSat, type Cnf } from '@percent/engine';

export const EXAMPLE_IDS = ['random3sat', 'pigeonhole', 'xorChains'] as const;
export type ExampleId = (typeof EXAMPLE_IDS)[number];

export interface Example {
  readonly file: string;
  readonly text: string;
}

/** The four clauses of `c = a ⊕ b`. */
function xorClauses(a: number, b: number, c: number): number[][] {
  return [
    [-a, -b, -c],
    [a, b, -c],
    [a, -b, c],
    [-a, b, c],
  ];
}

/**
 * Two chains of XORs over x1..xn, one in order and one reversed, with auxiliary variables
 * for the partial sums; their outputs are asserted to differ, which no assignment can do.
 */
export function parityChains(n: number): Cnf {
  let next = n + 1;
  const clauses: number[][] = [];
  const chain = (order: readonly number[]): number => {
    let sum = order[0]!;
    for (const x of order.slice(1)) {
      const out = next++;
      clauses.push(...xorClauses(sum, x, out));
      sum = out;
    }
    return sum;
  };
  const vars = Array.from({ length: n }, (_, i) => i + 1);
  const left = chain(vars);
  const right = chain([...vars].reverse());
  clauses.push([left, right], [-left, -right]);
  return { numVars: next - 1, clauses: clauses.map((c) => Int32Array.from(c)) };
}

/** The example's DIMACS text, with comments saying what it is. */
export function example(id: ExampleId): Example {
  switch (id) {
    case 'random3sat': {
      const { cnf } = plantedKSat(createRng('percent-lab'), 100, 420, 3);
      const comments = ['random 3-SAT with a planted model (satisfiable), seed percent-lab'];
      return { file: 'random-3sat-100.cnf', text: formatDimacs(cnf, comments) };
    }
    case 'pigeonhole':
      return {
        file: 'pigeonhole-7-6.cnf',
        text: formatDimacs(pigeonhole(7, 6), ['7 pigeons, 6 holes: unsatisfiable']),
      };
    case 'xorChains':
      return {
        file: 'parity-chains-24.cnf',
        text: formatDimacs(parityChains(24), ['x1 ⊕ … ⊕ x24 computed twice, asserted to differ']),
      };
  }
}
