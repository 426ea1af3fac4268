/**
 * Built-in formulas to try, generated here from seeds (never copied from benchmark files):
 * a satisfiable random 3-SAT with a planted model, a pigeonhole formula (unsatisfiable and
 * hard for resolution), and Tseitin's parity formula on a random cubic graph (unsatisfiable:
 * about a second of CDCL search without XOR reasoning, a few ms with it).
 */
import {
  createRng,
  formatDimacs,
  pigeonhole,
  plantedKSat,
  shuffle,
  type Cnf,
  type Rng,
} from '@percent/engine';

export const EXAMPLE_IDS = ['random3sat', 'pigeonhole', 'tseitin'] as const;
export type ExampleId = (typeof EXAMPLE_IDS)[number];

export interface Example {
  readonly file: string;
  readonly text: string;
}

/** A random simple 3-regular graph on `n` vertices (n even): the pairing model, redrawn until simple. */
export function cubicGraph(rng: Rng, n: number): [number, number][] {
  for (;;) {
    const points = shuffle(
      Array.from({ length: 3 * n }, (_, i) => Math.floor(i / 3)),
      rng,
    );
    const edges: [number, number][] = [];
    const seen = new Set<number>();
    for (let i = 0; i < points.length; i += 2) {
      const u = Math.min(points[i]!, points[i + 1]!);
      const v = Math.max(points[i]!, points[i + 1]!);
      if (u === v || seen.has(u * n + v)) break;
      seen.add(u * n + v);
      edges.push([u, v]);
    }
    if (edges.length === points.length / 2) return edges;
  }
}

/**
 * Tseitin's parity formula on a random cubic graph: one variable per edge, and at each vertex
 * the XOR of its three edges equals the vertex's charge (as the 4 clauses that forbid each
 * wrong-parity assignment). The charges add up to 1, so it is unsatisfiable — and hard for
 * resolution (exponential in n for plain CDCL), easy for Gauss–Jordan elimination.
 */
export function tseitinCubic(rng: Rng, n: number): Cnf {
  const edges = cubicGraph(rng, n);
  const incident: number[][] = Array.from({ length: n }, () => []);
  edges.forEach(([u, v], index) => {
    incident[u]!.push(index + 1);
    incident[v]!.push(index + 1);
  });
  const clauses: Int32Array[] = [];
  incident.forEach((vars, vertex) => {
    const charge = vertex === 0 ? 1 : 0;
    for (let mask = 0; mask < 1 << vars.length; mask++) {
      let parity = 0;
      for (let i = 0; i < vars.length; i++) parity ^= (mask >> i) & 1;
      // The clause false exactly under the assignment `mask` (bit i: variable i true).
      if (parity !== charge)
        clauses.push(Int32Array.from(vars, (v, i) => ((mask >> i) & 1 ? -v : v)));
    }
  });
  return { numVars: edges.length, clauses };
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
    case 'tseitin': {
      const cnf = tseitinCubic(createRng('percent-lab'), 60);
      const comments = ['Tseitin parity on a random cubic graph of 60 vertices: unsatisfiable'];
      return { file: 'tseitin-cubic-60.cnf', text: formatDimacs(cnf, comments) };
    }
  }
}
