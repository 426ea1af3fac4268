import type { Cnf } from '../../cnf/formula.ts';
import { quadraticXor } from './anf.ts';
import type { Xor } from './xor.ts';

/** Longest XOR looked for: k variables take 2^(k−1) clauses, 128 at this size. */
export const MAX_XOR_SIZE = 8;
/**
 * XORs up to this size are matched against the occurrences of every one of their variables,
 * so that short clauses standing for several long ones ("camouflage") are found wherever they
 * are; longer ones only against the two rarest variables' (as CryptoMiniSat does).
 */
const SCAN_ALL_UP_TO = 5;
/** Default work limit, in literal visits: a few tens of milliseconds at worst. */
const DEFAULT_STEPS = 20_000_000;

export interface DetectedXors {
  /**
   * The XOR constraints the clauses imply, each once. A variable numVars + g (0-based) is
   * AND gate g of `gates`, not a variable of the input.
   */
  readonly xors: Xor[];
  /**
   * AND gates over two DIMACS literals that camouflaged XORs are made of: with a variable
   * defined as each gate's output, the clauses imply the XORs over them.
   */
  readonly gates: readonly (readonly [number, number])[];
  /**
   * 1 for each input clause that is one of a found XOR's own clauses (over all its variables,
   * excluding one assignment of the wrong parity); 0 for every other clause.
   */
  readonly encoding: Uint8Array;
}

/**
 * Finds XOR constraints encoded as clauses. For each clause C over variables S (2 ≤ |S| ≤
 * MAX_XOR_SIZE) it collects the clauses whose variables lie within S and marks, in a table of
 * the 2^|S| assignments of S, those each clause rules out; the XOR over S with C's parity is
 * implied when every assignment of the wrong parity is ruled out. A clause over a subset of S
 * rules out several (the camouflaged case). Linear in the formula for k-SAT without XORs:
 * each clause reads the occurrence lists of a few of its variables, within `steps`.
 */
export function detectXors(cnf: Cnf, steps = DEFAULT_STEPS): DetectedXors {
  const finder = new XorFinder(cnf, steps);
  finder.run();
  return { xors: finder.xors, gates: finder.gates, encoding: finder.encoding };
}

/** Even (0) or odd (1) number of set bits, for every assignment of up to MAX_XOR_SIZE variables. */
const PARITY = Uint8Array.from({ length: 1 << MAX_XOR_SIZE }, (_, a) => {
  let p = 0;
  for (let x = a; x !== 0; x &= x - 1) p ^= 1;
  return p;
});

/** Gated XORs smaller than this are gate definitions themselves (p ↔ a ∧ b is p ⊕ g = 0). */
const MIN_GATED_TERMS = 3;
/** Gated XORs are looked for over this many variables at most (a 64-entry table). */
const MAX_GATED_SIZE = 6;

class XorFinder {
  readonly xors: Xor[] = [];
  readonly gates: [number, number][] = [];
  /** Gate index by its two DIMACS literals. */
  private readonly gateOf = new Map<string, number>();
  private readonly numVars: number;
  /** The forbidden assignments of the candidate set, for gated XORs. */
  private readonly forbidden = new Uint8Array(1 << MAX_GATED_SIZE);
  readonly encoding: Uint8Array;
  private readonly clauses: readonly Int32Array[];
  /** 1 for a clause of 1..MAX_XOR_SIZE distinct variables without a tautology. */
  private readonly usable: Uint8Array;
  /** A bit per variable (hashed to 0..31) of each clause: a subset's bits are a subset. */
  private readonly signature: Int32Array;
  /** Occurrences per variable of the usable clauses (CSR): clause indices from occStart[v]. */
  private readonly occStart: Int32Array;
  private readonly occ: Int32Array;
  /** posStamp[v] === stamp when v is in the candidate set, at bit varPos[v]. */
  private readonly posStamp: Int32Array;
  private readonly varPos: Uint8Array;
  private stamp = 0;
  /** covered[a] === coverStamp when assignment a of the candidate set is ruled out. */
  private readonly covered = new Int32Array(1 << MAX_XOR_SIZE);
  private coverStamp = 0;
  /** Candidate clauses over exactly the candidate set, to mark once the XOR is accepted. */
  private readonly sameSet: number[] = [];
  private readonly seen = new Set<string>();
  private steps: number;

  constructor(cnf: Cnf, steps: number) {
    this.clauses = cnf.clauses;
    this.numVars = cnf.numVars;
    this.steps = steps;
    const n = cnf.numVars;
    this.encoding = new Uint8Array(cnf.clauses.length);
    this.usable = new Uint8Array(cnf.clauses.length);
    this.signature = new Int32Array(cnf.clauses.length);
    this.posStamp = new Int32Array(n + 1);
    this.varPos = new Uint8Array(n + 1);
    const count = new Int32Array(n + 2);
    for (let i = 0; i < this.clauses.length; i++) {
      const c = this.clauses[i]!;
      if (c.length === 0 || c.length > MAX_XOR_SIZE || !this.distinct(c)) continue;
      this.usable[i] = 1;
      let signature = 0;
      for (const lit of c) {
        const v = Math.abs(lit);
        count[v + 1]!++;
        signature |= 1 << (v & 31);
      }
      this.signature[i] = signature;
    }
    for (let v = 1; v <= n + 1; v++) count[v]! += count[v - 1]!;
    this.occStart = count;
    this.occ = new Int32Array(count[n + 1]!);
    const fill = count.slice(0, n + 1);
    for (let i = 0; i < this.clauses.length; i++) {
      if (this.usable[i] === 0) continue;
      for (const lit of this.clauses[i]!) this.occ[fill[Math.abs(lit)]!++] = i;
    }
  }

  /** Whether the clause's variables are distinct (no duplicate literal, no tautology). */
  private distinct(c: Int32Array): boolean {
    const stamp = ++this.stamp;
    for (const lit of c) {
      const v = Math.abs(lit);
      if (this.posStamp[v] === stamp) return false;
      this.posStamp[v] = stamp;
    }
    return true;
  }

  run(): void {
    const used = new Uint8Array(this.clauses.length);
    for (let i = 0; i < this.clauses.length && this.steps > 0; i++) {
      if (this.usable[i] === 0 || used[i] === 1 || this.clauses[i]!.length < 2) continue;
      if (!this.tryBase(i)) continue;
      for (const j of this.sameSet) {
        used[j] = 1;
        this.encoding[j] = 1;
      }
    }
  }

  /** Whether clause `base` is one of an XOR's clauses; if so the XOR is recorded. */
  private tryBase(base: number): boolean {
    const c = this.clauses[base]!;
    const k = c.length;
    const stamp = ++this.stamp;
    let negatives = 0;
    for (let j = 0; j < k; j++) {
      const v = Math.abs(c[j]!);
      this.posStamp[v] = stamp;
      this.varPos[v] = j;
      if (c[j]! < 0) negatives++;
    }
    // The base rules out the assignment making all its literals false; its parity is wrong.
    const rhs = (negatives & 1) ^ 1;
    this.coverStamp++;
    this.sameSet.length = 0;
    // The rarest variable's clauses first: every clause over all of S is among them. When they
    // hold no clause within S but the base, this is no XOR (short of odd camouflage): stop.
    let rarest = 0;
    for (let j = 1; j < k; j++) {
      if (this.occurrences(Math.abs(c[j]!)) < this.occurrences(Math.abs(c[rarest]!))) rarest = j;
    }
    const need = 1 << (k - 1);
    let missing = this.scan(Math.abs(c[rarest]!), k, rhs, need, base);
    if (missing === need - 1) return false;
    const order = Array.from(c, Math.abs).sort((a, b) => this.occurrences(a) - this.occurrences(b));
    const scanned = k <= SCAN_ALL_UP_TO ? k : 2;
    for (let j = 1; j < scanned && missing > 0; j++) {
      missing = this.scan(order[j]!, k, rhs, missing, base);
    }
    if (missing > 0) return k >= 4 && k <= MAX_GATED_SIZE && this.tryGated(c);
    this.record(c, rhs);
    return true;
  }

  /**
   * Whether the clauses within the candidate set (already stamped) forbid exactly where an
   * XOR of AND gates and variables is 1; if so the XOR and its new gates are recorded.
   */
  private tryGated(c: Int32Array): boolean {
    const k = c.length;
    const { clauses, posStamp, varPos, stamp, forbidden } = this;
    forbidden.fill(0, 0, 1 << k);
    this.sameSet.length = 0;
    for (const lit of c) {
      const v = Math.abs(lit);
      for (let o = this.occStart[v]!; o < this.occStart[v + 1]!; o++) {
        const d = clauses[this.occ[o]!]!;
        this.steps -= d.length;
        let held = 0;
        let falsifying = 0;
        let inside = d.length <= k;
        for (let j = 0; j < d.length && inside; j++) {
          const w = Math.abs(d[j]!);
          inside = posStamp[w] === stamp;
          held |= 1 << varPos[w]!;
          if (d[j]! < 0) falsifying |= 1 << varPos[w]!;
        }
        if (!inside) continue;
        if (d.length === k) this.sameSet.push(this.occ[o]!);
        const free = ((1 << k) - 1) & ~held;
        for (let sub = free; ; sub = (sub - 1) & free) {
          forbidden[falsifying | sub] = 1;
          if (sub === 0) break;
        }
      }
    }
    const q = quadraticXor(forbidden, k);
    if (q === null || q.gates.length + q.singles.length < MIN_GATED_TERMS) return false;
    const dimacs = (pos: number, negated: boolean): number => {
      const v = Math.abs(c[pos]!);
      return negated ? -v : v;
    };
    const vars = q.singles.map((pos) => Math.abs(c[pos]!) - 1);
    for (const [i, ni, j, nj] of q.gates) vars.push(this.gate(dimacs(i, ni), dimacs(j, nj)));
    this.recordVars(Int32Array.from(vars).sort(), q.rhs);
    return true;
  }

  /** The 0-based variable of the AND gate of two DIMACS literals, made on first use. */
  private gate(a: number, b: number): number {
    const [x, y] = a < b ? [a, b] : [b, a];
    const key = `${x} ${y}`;
    let g = this.gateOf.get(key);
    if (g === undefined) {
      g = this.gates.length;
      this.gates.push([x, y]);
      this.gateOf.set(key, g);
    }
    return this.numVars + g;
  }

  private occurrences(v: number): number {
    return this.occStart[v + 1]! - this.occStart[v]!;
  }

  /**
   * Marks the wrong-parity assignments ruled out by the clauses of `v` that lie within the
   * candidate set; returns how many are still missing.
   */
  private scan(v: number, k: number, rhs: number, missing: number, base: number): number {
    const { clauses, posStamp, varPos, covered, stamp, coverStamp, signature } = this;
    const full = (1 << k) - 1;
    const within = signature[base]!;
    const end = this.occStart[v + 1]!;
    this.steps -= end - this.occStart[v]!;
    for (let o = this.occStart[v]!; o < end && missing > 0; o++) {
      const ci = this.occ[o]!;
      if ((signature[ci]! & ~within) !== 0) continue;
      const d = clauses[ci]!;
      if (d.length > k) continue;
      let held = 0;
      let falsifying = 0;
      let inside = true;
      for (const lit of d) {
        const w = Math.abs(lit);
        if (posStamp[w] !== stamp) {
          inside = false;
          break;
        }
        held |= 1 << varPos[w]!;
        if (lit < 0) falsifying |= 1 << varPos[w]!;
      }
      if (!inside) continue;
      if (d.length === k && PARITY[falsifying] !== rhs) this.sameSet.push(ci);
      // d rules out every assignment agreeing with `falsifying` on its own variables.
      const free = full & ~held;
      let sub = free;
      for (;;) {
        const a = falsifying | sub;
        if (PARITY[a] !== rhs && covered[a] !== coverStamp) {
          covered[a] = coverStamp;
          missing--;
        }
        if (sub === 0) break;
        sub = (sub - 1) & free;
      }
    }
    return missing;
  }

  private record(c: Int32Array, rhs: number): void {
    this.recordVars(Int32Array.from(c, (lit) => Math.abs(lit) - 1).sort(), rhs);
  }

  private recordVars(vars: Int32Array, rhs: number): void {
    const key = `${vars.join(' ')}=${rhs}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.xors.push({ vars, rhs: rhs as 0 | 1 });
  }
}
