import type { Cnf } from '../../cnf/formula.ts';
import type { ProofSink } from '../proof.ts';
import { contradictingXors, encodedXors } from './refute.ts';
import { parity32, type Xor } from './xor.ts';

/**
 * A DRAT proof that XORs add up to 0 = 1 (Philipp & Rebola-Pardo's idea, "DRAT proofs for XOR
 * reasoning", JELIA 2016): a long XOR's clausal encoding is exponential in its length, so each
 * XOR is carried as a chain of extension variables — links[j] ≡ vars[0] ⊕ … ⊕ vars[j], each
 * defined by the four clauses of links[j] ⊕ links[j−1] ⊕ vars[j] = 0, added as RAT on the new
 * variable — and a unit clause saying what the last link is. Two chains over one variable
 * order are added position by position (`merge`): every step derives a relation of at most
 * three variables from at most three others, so the proof grows linearly with the XORs'
 * lengths, and shared variables cancel as Gaussian elimination's do.
 *
 * Every derivation is `sum`: the clauses of an XOR implied by a few XORs whose clauses are all
 * present, each by reverse unit propagation (RUP), through intermediate clauses that resolve
 * the shared variables away one at a time (deleted once used).
 */

/** An XOR as a multiset of 0-based variables (a variable listed twice cancels) and its parity. */
interface Parity {
  readonly vars: readonly number[];
  readonly rhs: number;
}

/**
 * An XOR carried as a chain: its variables in the proof's order, links[j] the variable equal
 * to the parity of vars[0..j] (links[0] is vars[0] itself), and a unit clause links[last] = rhs.
 */
interface Chain {
  readonly vars: number[];
  readonly links: number[];
  readonly rhs: number;
  /** How many leading links are another chain's (their definitions are that chain's too). */
  borrowed: number;
}

const TRIVIAL: Parity = { vars: [], rhs: 0 };

/** The variables of odd multiplicity, ascending. */
function oddVars(vars: readonly number[]): number[] {
  const odd = new Set<number>();
  for (const v of vars) if (!odd.delete(v)) odd.add(v);
  return [...odd].sort((a, b) => a - b);
}

export class XorProof {
  /** Next unused variable (0-based): the extension variables start above the formula's. */
  private nextVar: number;
  /** Lemmas written. */
  lemmas = 0;

  constructor(
    private readonly sink: ProofSink,
    numVars: number,
    /** Position of each variable in the order chains keep (lower first). */
    private readonly rank: (v: number) => number,
  ) {
    this.nextVar = numVars;
  }

  /**
   * Writes the derivation of the empty clause from `xors`, whose clauses are all in the
   * formula and which add up to 0 = 1, in the order given (see `summationOrder`); false when
   * `stopped` said so before it was done (asked before each XOR).
   */
  refute(xors: readonly Xor[], stopped: () => boolean = () => false): boolean {
    let sum: Chain | undefined;
    for (const x of xors) {
      if (stopped()) return false; // the lemmas so far are sound: the proof just ends early
      const next = this.chainOf(x);
      sum = sum === undefined ? next : this.merge(sum, next);
      if (sum.vars.length === 0) {
        if (sum.rhs === 1) return true; // the empty clause is written
        sum = undefined; // a part adding up to 0 = 0: start afresh
      }
    }
    throw new Error('internal error: the XORs do not add up to 0 = 1');
  }

  /** Chains an XOR of the formula: defines its links, then derives its last link's unit. */
  private chainOf(x: Xor): Chain {
    const vars = Array.from(x.vars).sort((a, b) => this.rank(a) - this.rank(b));
    const links = [vars[0]!];
    for (let j = 1; j < vars.length; j++) links.push(this.define(links[j - 1]!, vars[j]!));
    const chain: Chain = { vars, links, rhs: x.rhs, borrowed: 0 };
    // Fold the links in one at a time: the XOR over links[j], vars[j+1..], down to a unit.
    let part: Parity = { vars, rhs: x.rhs };
    for (let j = 1; j < vars.length; j++) {
      const next = this.sum([part, this.definition(chain, j)]);
      if (j > 1) this.forget(part);
      part = next;
    }
    return chain;
  }

  /** The XOR defining link j of a chain (nothing for j = 0: links[0] is vars[0]). */
  private definition(chain: Chain, j: number): Parity {
    if (j === 0) return TRIVIAL;
    return { vars: [chain.links[j]!, chain.links[j - 1]!, chain.vars[j]!], rhs: 0 };
  }

  /** A new variable e ≡ a ⊕ b: its four clauses, each RAT on its literal of e. */
  private define(a: number, b: number): number {
    const e = this.nextVar++;
    const [A, B, E] = [2 * a, 2 * b, 2 * e];
    // The two clauses with ¬e first: no clause holds e yet. Then those with e, whose
    // resolvents with the first two are tautologies.
    this.add([E + 1, A, B]);
    this.add([E + 1, A + 1, B + 1]);
    this.add([E, A + 1, B]);
    this.add([E, A, B + 1]);
    return e;
  }

  /**
   * The chain of A ⊕ B. Walking both chains' variables in order, it keeps the relation
   * C_t ⊕ A_p ⊕ B_q = 0 between the links so far (C_t: the sum's link over the t variables kept,
   * A_p and B_q the operands' links over the p and q variables passed; a link over none is 0).
   * A variable in one operand only extends C by a link; one in both cancels. C's leading
   * links are A's (or B's) while only that operand has been passed.
   */
  private merge(a: Chain, b: Chain): Chain {
    const c: Chain = { vars: [], links: [], rhs: a.rhs ^ b.rhs, borrowed: 0 };
    let p = 0;
    let q = 0;
    let relation: Parity = TRIVIAL;
    const link = (chain: Chain, n: number): number[] => (n === 0 ? [] : [chain.links[n - 1]!]);
    while (p < a.vars.length || q < b.vars.length) {
      const ra = p < a.vars.length ? this.rank(a.vars[p]!) : Infinity;
      const rb = q < b.vars.length ? this.rank(b.vars[q]!) : Infinity;
      const inputs: Parity[] = [relation];
      if (ra === rb) {
        inputs.push(this.definition(a, p++), this.definition(b, q++));
      } else {
        const [from, n] = ra < rb ? [a, p++] : [b, q++];
        const v = from.vars[n]!;
        if (c.vars.length === c.borrowed && (from === a ? q : p) === 0) {
          // Still only this operand: its link is the sum's.
          c.vars.push(v);
          c.links.push(from.links[n]!);
          c.borrowed++;
          continue;
        }
        inputs.push(this.definition(from, n));
        c.links.push(c.vars.length === 0 ? v : this.define(c.links.at(-1)!, v));
        c.vars.push(v);
        inputs.push(this.definition(c, c.vars.length - 1));
      }
      const target = [...link(c, c.vars.length), ...link(a, p), ...link(b, q)];
      const next = this.sum(inputs, target);
      this.forget(relation);
      relation = next;
    }
    const units = [relation, this.unit(a), this.unit(b)];
    this.sum(units, link(c, c.vars.length));
    if (c.vars.length === 0 && c.rhs === 1) return c; // the empty clause ends the proof
    this.forget(relation);
    this.retire(a, c);
    this.retire(b, c);
    return c;
  }

  /** The unit clause of a chain as an XOR. */
  private unit(chain: Chain): Parity {
    return chain.vars.length === 0 ? TRIVIAL : { vars: [chain.links.at(-1)!], rhs: chain.rhs };
  }

  /** Deletes an operand's link definitions the sum does not share. */
  private retire(operand: Chain, sum: Chain): void {
    const lender = sum.borrowed > 0 && sum.links[0] === operand.links[0];
    const shared = lender ? sum.borrowed : 0;
    for (let j = Math.max(1, shared); j < operand.vars.length; j++) {
      this.forget(this.definition(operand, j));
    }
  }

  /**
   * Derives the clauses of the XOR the inputs add up to (each input's clauses present) and
   * returns it; `expect` (its variables) guards the bookkeeping. For each clause C of the sum
   * over D, with the shared variables s1..sk: first C ∨ ±s2 ∨ … ∨ ±sk for every sign (RUP: each
   * input then has at most s1 open, so unit propagation decides them all and one is false),
   * then with s2 resolved away, and so on down to C; the intermediate clauses are deleted.
   */
  private sum(inputs: readonly Parity[], expect?: readonly number[]): Parity {
    const all = inputs.flatMap((x) => x.vars);
    const d = oddVars(all);
    const rhs = inputs.reduce((r, x) => r ^ x.rhs, 0);
    if (expect !== undefined && oddVars(expect).join() !== d.join()) {
      throw new Error('internal error: an XOR step does not add up');
    }
    const shared = [...new Set(all)].filter((v) => !d.includes(v));
    for (const clause of clausesOf(d, rhs)) {
      const steps: number[][] = [];
      for (let level = 1; level <= shared.length; level++) {
        const rest = shared.slice(level);
        for (let signs = 0; signs < 1 << rest.length; signs++) {
          const lits = [...clause, ...rest.map((v, i) => 2 * v + ((signs >> i) & 1))];
          this.add(lits);
          if (rest.length > 0) steps.push(lits);
        }
      }
      if (shared.length === 0) this.add(clause);
      // (After the empty clause the proof ends.)
      if (clause.length > 0) for (const lits of steps) this.sink.delete(lits);
    }
    return { vars: d, rhs };
  }

  /** Deletes the clauses of a derived XOR once nothing needs it. */
  private forget(x: Parity): void {
    const d = oddVars(x.vars);
    if (d.length < 2) return; // a unit stays (checkers keep them anyway)
    for (const clause of clausesOf(d, x.rhs)) this.sink.delete(clause);
  }

  private add(lits: number[]): void {
    this.lemmas++;
    this.sink.add(lits);
  }
}

/** The clauses of x₁ ⊕ … ⊕ xₖ = rhs as packed literals: one per assignment of the other parity. */
function clausesOf(vars: readonly number[], rhs: number): number[][] {
  const out: number[][] = [];
  for (let a = 0; a < 1 << vars.length; a++) {
    if (parity32(a) === rhs) continue;
    // Ruled out: the literal of each variable is false under a (true → negative literal).
    out.push(vars.map((v, i) => 2 * v + ((a >> i) & 1)));
  }
  return out;
}

/**
 * An order to add XORs in that keeps the running sum short: each next one the XOR sharing the
 * most variables with the sum so far (a greedy walk, as along a graph's edges for Tseitin
 * formulas). Returns the order and each variable's rank for the chains: variables the sum
 * drops sooner come later in a chain, so most steps rebuild only its tail.
 */
export function summationOrder(xors: readonly Xor[]): {
  order: Xor[];
  rank: Map<number, number>;
  /** Positions the merges walk (each the length of the sum so far plus the next XOR's). */
  steps: number;
} {
  const left = new Set(xors.keys());
  const inSum = new Set<number>();
  const order: Xor[] = [];
  let steps = 0;
  while (left.size > 0) {
    let best = -1;
    let bestScore = -1;
    for (const i of left) {
      let score = 0;
      for (const v of xors[i]!.vars) if (inSum.has(v)) score++;
      if (score > bestScore) [best, bestScore] = [i, score];
    }
    left.delete(best);
    const x = xors[best]!;
    order.push(x);
    steps += inSum.size + x.vars.length;
    for (const v of x.vars) if (!inSum.delete(v)) inSum.add(v);
  }
  const last = new Map<number, number>();
  order.forEach((x, i) => x.vars.forEach((v) => last.set(v, i)));
  // Latest to leave first; ties by variable.
  const sorted = [...last.keys()].sort((u, v) => last.get(v)! - last.get(u)! || u - v);
  return { order, rank: new Map(sorted.map((v, i) => [v, i])), steps };
}

/**
 * Merge positions a refutation may walk: each writes about ten short lemmas (hust/check #8:
 * 4,765 positions, 49,309 lemmas, 2.2 MB of text), so this bounds a proof to ~100 MB. Beyond
 * it, the search goes on without XOR reasoning, as for any formula.
 */
const MAX_MERGE_STEPS = 200_000;

/**
 * When the formula's directly encoded XORs alone add up to 0 = 1, writes the derivation of the
 * empty clause to `sink` and returns how many XORs it adds; else — or when that derivation would
 * walk more than `maxSteps` merge positions — writes nothing, undefined. `stopped` (a deadline,
 * an abort) is asked before each XOR is added: 'stopped' when it ended the work early.
 */
export function proveXorContradiction(
  cnf: Cnf,
  sink: ProofSink,
  { maxSteps = MAX_MERGE_STEPS, stopped }: { maxSteps?: number; stopped?: () => boolean } = {},
): number | 'stopped' | undefined {
  const xors = encodedXors(cnf);
  const subset = xors.length < 2 ? undefined : contradictingXors(xors);
  if (subset === undefined) return undefined;
  const { order, rank, steps } = summationOrder(subset.map((i) => xors[i]!));
  if (steps > maxSteps) return undefined;
  const proof = new XorProof(sink, cnf.numVars, (v) => rank.get(v)!);
  return proof.refute(order, stopped) ? subset.length : 'stopped';
}
