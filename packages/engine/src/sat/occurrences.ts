import { grow } from './grow.ts';
import type { Lit, Var } from './lit.ts';
import type { ProofSink } from './proof.ts';

/**
 * The clause database of the preprocessor (SatELite's shape): clauses by index with
 * occurrence lists per literal, top-level unit propagation, and backward subsumption with
 * self-subsuming strengthening. Invariant after `propagate`: every live clause has ≥ 2
 * literals, all unassigned.
 */
export class OccurrenceDb {
  /** Literals of each clause by index; a strengthened clause gets a new, shorter array. */
  readonly clauses: Int32Array[] = [];
  /** 1 while the clause is part of the formula, 0 once satisfied, subsumed or eliminated. */
  alive = new Uint8Array(64);
  /**
   * A bit per variable (hashed to 0..31) of each clause: a clause can subsume another only if its
   * bits are a subset, which rules out most pairs without reading them (MiniSat's abstraction).
   */
  signature = new Int32Array(64);
  /** occ[lit]: indices of clauses holding `lit`; dead ones are dropped lazily by `live`. */
  readonly occ: number[][];
  /** Value per literal: 1 true, −1 false, 0 unassigned (top-level facts only). */
  readonly value: Int8Array;
  /** Assigned literals not yet propagated through the clauses. */
  private readonly pending: Lit[] = [];
  /** Assigned literals, in order: the facts the simplified formula keeps as unit clauses. */
  readonly units: Lit[] = [];
  /** False once the empty clause was derived. */
  ok = true;
  /** Scratch marks per literal for subsumption, compared against `stamp`. */
  private readonly mark: Int32Array;
  private stamp = 0;
  /** Work done, in literal visits: the caller's budget counts these. */
  steps = 0;
  /** Called with every variable whose occurrences shrank: elimination may now pay off. */
  onTouch: (v: Var) => void = () => {};
  /** Where derived clauses (lemmas) and removed ones (deletions) are written, or null. */
  proof: ProofSink | null = null;
  /** Deletions kept back until `releaseDeletes` (a clause must outlive its resolvents' lemmas). */
  private held: Int32Array[] | null = null;

  constructor(readonly numVars: number) {
    this.occ = Array.from({ length: 2 * numVars }, () => []);
    this.value = new Int8Array(2 * numVars);
    this.mark = new Int32Array(2 * numVars);
  }

  /**
   * Adds a clause of distinct, non-complementary literals. Satisfied literals drop it, false
   * ones are left out; a unit is assigned, an empty clause makes the formula unsat. Returns
   * the new clause index, or −1 when no clause was stored. `derived`: not an input clause (a
   * resolvent), so the proof gets it as a lemma.
   */
  add(lits: ArrayLike<Lit>, derived = false): number {
    let open = 0;
    for (let i = 0; i < lits.length; i++) {
      const value = this.value[lits[i]!];
      if (value === 1) return -1;
      if (value === 0) open++;
    }
    const kept = new Int32Array(open);
    for (let i = 0, j = 0; i < lits.length; i++)
      if (this.value[lits[i]!] === 0) kept[j++] = lits[i]!;
    if (derived || open < lits.length) this.proof?.add(kept);
    if (open <= 1) {
      if (open === 0) this.ok = false;
      else this.assign(kept[0]!);
      return -1;
    }
    const ci = this.clauses.length;
    this.clauses.push(kept);
    if (ci >= this.alive.length) {
      this.alive = grow(this.alive, 2 * ci);
      this.signature = grow(this.signature, 2 * ci);
    }
    this.alive[ci] = 1;
    this.signature[ci] = signatureOf(kept);
    for (let i = 0; i < open; i++) this.occ[kept[i]!]!.push(ci);
    return ci;
  }

  /** The live clauses holding `lit`, after dropping dead entries from its list. */
  live(lit: Lit): number[] {
    const list = this.occ[lit]!;
    let j = 0;
    for (let i = 0; i < list.length; i++) if (this.alive[list[i]!] === 1) list[j++] = list[i]!;
    list.length = j;
    return list;
  }

  /** Removes clause `ci` from the formula; its variables become candidates again. */
  kill(ci: number): void {
    this.alive[ci] = 0;
    if (this.held !== null) this.held.push(this.clauses[ci]!);
    else this.proof?.delete(this.clauses[ci]!);
    for (const lit of this.clauses[ci]!) this.onTouch(lit >> 1);
  }

  /** Keeps the deletions of `kill` back until `releaseDeletes` writes them to the proof. */
  holdDeletes(): void {
    if (this.proof !== null) this.held = [];
  }

  releaseDeletes(): void {
    const held = this.held;
    this.held = null;
    if (held !== null) for (const lits of held) this.proof?.delete(lits);
  }

  /** Makes `lit` a top-level fact; propagate later. */
  assign(lit: Lit): void {
    if (this.value[lit] === 1) return;
    if (this.value[lit] === -1) {
      this.ok = false;
      return;
    }
    this.value[lit] = 1;
    this.value[lit ^ 1] = -1;
    this.pending.push(lit);
    this.units.push(lit);
  }

  /** Unit propagation over the occurrence lists. Returns `ok`. */
  propagate(): boolean {
    while (this.ok && this.pending.length > 0) {
      const lit = this.pending.pop()!;
      for (const ci of this.live(lit)) this.kill(ci);
      const falsified = this.live(lit ^ 1);
      this.occ[lit ^ 1] = [];
      for (const ci of falsified) this.strengthen(ci, lit ^ 1);
    }
    return this.ok;
  }

  /** Removes literal `lit` from clause `ci`, assigning the last literal if one is left. */
  strengthen(ci: number, lit: Lit): void {
    const old = this.clauses[ci]!;
    this.steps += old.length;
    const next = old.filter((q) => q !== lit);
    // The shorter clause is a resolvent (with a unit, or with the clause that self-subsumes it).
    if (this.proof !== null) {
      this.proof.add(next);
      this.proof.delete(old);
    }
    this.clauses[ci] = next;
    this.signature[ci] = signatureOf(next);
    const list = this.occ[lit]!;
    const at = list.indexOf(ci);
    if (at >= 0) list.splice(at, 1);
    this.onTouch(lit >> 1);
    if (next.length === 1) {
      this.alive[ci] = 0;
      this.assign(next[0]!);
    }
  }

  /**
   * Backward subsumption from clause `ci`: deletes every clause it subsumes and strengthens
   * every clause it self-subsumes (`ci` with one literal flipped is a subset: the clause can
   * drop that flipped literal). Checks only clauses holding the variable of `ci` with the
   * fewest occurrences, as SatELite does.
   */
  backwardSubsume(ci: number): void {
    const lits = this.clauses[ci]!;
    let best = lits[0]!;
    for (const lit of lits) {
      if (
        this.occ[lit]!.length + this.occ[lit ^ 1]!.length <
        this.occ[best]!.length + this.occ[best ^ 1]!.length
      )
        best = lit;
    }
    const stamp = ++this.stamp;
    for (const lit of lits) this.mark[lit] = stamp;
    this.subsumeAmong(best, ci, stamp);
    this.subsumeAmong(best ^ 1, ci, stamp);
  }

  /**
   * Backward subsumption from the marked clause `ci` over the clauses holding `side`. Reads
   * the raw list, skipping dead entries, rather than compacting it on every call.
   */
  private subsumeAmong(side: Lit, ci: number, stamp: number): void {
    const size = this.clauses[ci]!.length;
    const signature = this.signature[ci]!;
    const { alive } = this;
    const list = this.occ[side]!;
    this.steps += list.length;
    for (let i = 0; i < list.length && alive[ci] === 1; i++) {
      const other = list[i]!;
      if (other === ci || alive[other] === 0 || (signature & ~this.signature[other]!) !== 0)
        continue;
      const flipped = this.subsumedBy(other, size, stamp);
      if (flipped === SUBSUMED) this.kill(other);
      else if (flipped >= 0) {
        this.strengthen(other, flipped);
        if (flipped === side) i--; // `other` left this very list
      }
    }
  }

  /**
   * Whether the marked clause (of `size` literals) subsumes clause `other`: SUBSUMED, the one
   * literal of `other` whose complement is marked (self-subsumption), or NOT_SUBSUMED.
   */
  private subsumedBy(other: number, size: number, stamp: number): number {
    const lits = this.clauses[other]!;
    if (lits.length < size) return NOT_SUBSUMED;
    this.steps += lits.length;
    const mark = this.mark;
    let matched = 0;
    let flipped = NOT_SUBSUMED;
    for (const q of lits) {
      if (mark[q] === stamp) matched++;
      else if (mark[q ^ 1] === stamp) {
        if (flipped !== NOT_SUBSUMED) return NOT_SUBSUMED;
        flipped = q;
      }
    }
    if (flipped === NOT_SUBSUMED) return matched === size ? SUBSUMED : NOT_SUBSUMED;
    return matched === size - 1 ? flipped : NOT_SUBSUMED;
  }
}

function signatureOf(lits: Int32Array | readonly Lit[]): number {
  let bits = 0;
  // A multiplicative hash spreads variables that differ by multiples of 32 over the bits.
  for (const lit of lits) bits |= 1 << (Math.imul(lit >> 1, 0x9e3779b1) >>> 27);
  return bits;
}

const SUBSUMED = -1;
const NOT_SUBSUMED = -2;
