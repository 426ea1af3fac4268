import type { Cnf } from '../../cnf/formula.ts';
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
  /** The XOR constraints the clauses imply, each once. */
  readonly xors: Xor[];
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
  return { xors: finder.xors, encoding: finder.encoding };
}

/** Even (0) or odd (1) number of set bits, for every assignment of up to MAX_XOR_SIZE variables. */
const PARITY = Uint8Array.from({ length: 1 << MAX_XOR_SIZE }, (_, a) => {
  let p = 0;
  for (let x = a; x !== 0; x &= x - 1) p ^= 1;
  return p;
});

class XorFinder {
  readonly xors: Xor[] = [];
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
    if (missing > 0) return false;
    this.record(c, rhs);
    return true;
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
    const vars = Int32Array.from(c, (lit) => Math.abs(lit) - 1).sort();
    const key = `${vars.join(' ')}=${rhs}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.xors.push({ vars, rhs: rhs as 0 | 1 });
  }
}
