/**
 * The DRAT checker's clause database: two watched literals with blockers (as MiniSat's), a
 * top-level trail kept at the unit-propagation fixpoint of the active clauses, deletion by
 * content, and — for backward checking — removal and restoring of clauses with the fixpoint
 * repaired, and core marks: the clauses a conflict was derived from.
 */
import type { Lit } from '../sat/lit.ts';

const NO_LITS = new Int32Array(0);

/** No clause: a tautology that was never stored, a deletion that was ignored, no conflict. */
export const NONE = -1;

export class CheckDb {
  /** Literals per clause id; the two watched literals first. */
  private readonly clauses: Int32Array[] = [];
  /** 1 while the clause is in the database. */
  private readonly active: number[] = [];
  /** 1 for a clause some checked derivation used (backward checking checks only these lemmas). */
  readonly core: number[] = [];
  /**
   * (clause id, blocker literal) pairs of the active clauses watching each literal: the core
   * ones in `coreWatches`, the others in `watches` (a clause marked core moves over when its
   * entry is next read). Propagation reads the core lists first (see `propagate`).
   */
  private readonly watches: number[][];
  private readonly coreWatches: number[][];
  /** Ids of the clauses holding each literal (active or not), for the RAT check. */
  private readonly occurs: number[][];
  /** Clause ids by their sorted literals, for deletions. */
  private readonly byKey = new Map<string, number[]>();
  /** Each clause's key in `byKey`. */
  private readonly keys: string[] = [];
  /** Ids of the unit clauses (active or not): their facts are assigned again after a repair. */
  private readonly units: number[] = [];
  /** Value per literal: 1 true, −1 false, 0 open. */
  private readonly vals: Int8Array;
  /** The clause that implied each variable (NONE: an assumption of a RUP check, or open). */
  private readonly reason: Int32Array;
  private readonly trail: Int32Array;
  /** Each assigned variable's position on the trail. */
  private readonly trailPos: Int32Array;
  private trailSize = 0;
  /** Next trail position whose core watchers are to be visited. */
  private qCore = 0;
  /** Next trail position whose other watchers are to be visited (≤ qCore). */
  private qAll = 0;
  /** Scratch marks of conflict analysis, per variable. */
  private readonly seen: Uint8Array;
  /** The clause falsified at the top level, once the active clauses are refuted; else NONE. */
  conflict = NONE;

  constructor(numVars: number) {
    this.watches = Array.from({ length: 2 * numVars }, () => []);
    this.coreWatches = Array.from({ length: 2 * numVars }, () => []);
    this.occurs = Array.from({ length: 2 * numVars }, () => []);
    this.vals = new Int8Array(2 * numVars);
    this.reason = new Int32Array(numVars).fill(NONE);
    this.trail = new Int32Array(numVars);
    this.trailPos = new Int32Array(numVars);
    this.seen = new Uint8Array(numVars);
  }

  /** True once unit propagation at the top level found a conflict: the clauses are refuted. */
  get inconsistent(): boolean {
    return this.conflict !== NONE;
  }

  /** Adds a clause at the top level, propagating what it implies; its id, or NONE (tautology). */
  addClause(input: Int32Array): number {
    const lits = uniqueLits(input);
    if (lits === null) return NONE;
    const id = this.clauses.length;
    const key = keyOf(lits); // while still sorted by literal
    this.clauses.push(lits);
    this.keys.push(key);
    this.active.push(0);
    this.core.push(0);
    const same = this.byKey.get(key);
    if (same) same.push(id);
    else this.byKey.set(key, [id]);
    if (lits.length === 1) this.units.push(id);
    for (const lit of lits) this.occurs[lit]!.push(id);
    this.activate(id);
    return id;
  }

  /** Takes out a clause with these literals: its id, or NONE when there is none or it must stay. */
  deleteClause(input: Int32Array): number {
    const lits = uniqueLits(input);
    if (lits === null) return NONE;
    const ids = this.byKey.get(keyOf(lits));
    const id = ids?.pop();
    if (id === undefined) return NONE;
    // A top-level fact's reason stays (a unit clause always is one), as in drat-trim.
    if (this.clauses[id]!.length < 2 || this.reasonOf(id) !== NONE) {
      ids!.push(id);
      return NONE;
    }
    this.deactivate(id);
    return id;
  }

  /** Puts back clause `id`, taken out by `deleteClause` (backward checking undoes deletions). */
  restore(id: number): void {
    this.byKey.get(this.keys[id]!)!.push(id);
    this.activate(id);
  }

  /**
   * Takes lemma `id` out for good (backward checking goes past it), repairing the top-level
   * fixpoint when the lemma implied a fact: the facts from there on are undone and every
   * clause propagated again.
   */
  removeLemma(id: number): void {
    const ids = this.byKey.get(this.keys[id]!)!;
    ids.splice(ids.lastIndexOf(id), 1);
    const implied = this.reasonOf(id);
    const refuting = this.conflict !== NONE;
    this.deactivate(id);
    if (implied === NONE && !refuting) return;
    this.conflict = NONE;
    this.backtrack(refuting ? 0 : this.trail.indexOf(implied));
    this.qCore = 0;
    this.qAll = 0;
    for (const unit of this.units) {
      const lit = this.clauses[unit]![0]!;
      if (this.active[unit] === 1 && this.vals[lit] === 0) this.assign(lit, unit);
    }
    this.conflict = this.propagate();
  }

  /**
   * Whether the negation of `lits` propagates to a conflict (reverse unit propagation). With
   * `mark`, the clauses that conflict was derived from are marked core.
   */
  rup(lits: Int32Array, mark = false, hints?: number[]): boolean {
    if (this.conflict !== NONE) {
      if (mark) this.markCore(this.conflict, hints);
      return true;
    }
    const start = this.trailSize;
    let refuted = false;
    let conflict = NONE;
    for (let i = 0; i < lits.length && !refuted; i++) {
      const lit = lits[i]!;
      const value = this.vals[lit]!;
      if (value === 1) {
        // True already: by a fact (whose derivation is what the lemma uses) or a tautology.
        refuted = true;
        conflict = this.reason[lit >> 1]!;
      } else if (value === 0) this.assign(lit ^ 1, NONE);
    }
    if (!refuted) refuted = (conflict = this.propagate()) !== NONE;
    if (refuted && mark && conflict !== NONE) this.markCore(conflict, hints, lits);
    this.backtrack(start);
    return refuted;
  }

  /**
   * RAT on the first literal: every non-tautological resolvent with an active clause holding
   * its negation is RUP. With `mark`, those clauses (each one, as LRAT lists them all) and the
   * derivations are marked core. With `hints`, LRAT's RAT hints: for each such clause, in id
   * order, −(id + 1), then the hints of its resolvent (none for a tautology).
   */
  rat(lits: Int32Array, mark = false, hints?: number[]): boolean {
    const pivot = lits[0]!;
    for (const id of this.occurs[pivot ^ 1]!) {
      if (this.active[id] === 0) continue;
      if (mark) this.core[id] = 1;
      hints?.push(-(id + 1));
      const other = this.clauses[id]!;
      const resolvent = Int32Array.from([...lits, ...other.filter((l) => l !== (pivot ^ 1))]);
      if (uniqueLits(resolvent) === null) continue;
      if (!this.rup(resolvent, mark, hints)) return false;
    }
    return true;
  }

  /**
   * Marks clause `cid` core, and the reasons of the facts it was falsified by, transitively.
   * With `hints`, those reasons are appended in the order they became unit, then `cid`: the
   * lemma's LRAT hints. The variables of `assumed` (the lemma whose negation was assumed) need
   * no reason, even where they are top-level facts too.
   */
  markCore(cid: number, hints?: number[], assumed: Int32Array = NO_LITS): void {
    const { seen, reason, clauses, core } = this;
    const stack = [cid];
    const marked: number[] = [];
    for (const lit of assumed) {
      if (seen[lit >> 1] === 1) continue;
      seen[lit >> 1] = 1;
      marked.push(lit >> 1);
    }
    const first = marked.length;
    while (stack.length > 0) {
      const id = stack.pop()!;
      core[id] = 1;
      for (const lit of clauses[id]!) {
        const v = lit >> 1;
        if (seen[v] === 1 || reason[v] === id) continue;
        seen[v] = 1;
        marked.push(v);
        if (reason[v] !== NONE) stack.push(reason[v]!);
      }
    }
    for (const v of marked) seen[v] = 0;
    if (hints === undefined) return;
    const implied = marked.slice(first).filter((v) => reason[v] !== NONE);
    implied.sort((a, b) => this.trailPos[a]! - this.trailPos[b]!);
    for (const v of implied) hints.push(reason[v]!);
    hints.push(cid);
  }

  /** The literal clause `id` is the reason of, or NONE. */
  private reasonOf(id: number): Lit {
    for (const lit of this.clauses[id]!.subarray(0, 2)) {
      if (this.vals[lit] === 1 && this.reason[lit >> 1] === id) return lit;
    }
    return NONE;
  }

  /** Watches clause `id` (open or true literals first) and propagates what it implies. */
  private activate(id: number): void {
    this.active[id] = 1;
    const lits = this.clauses[id]!;
    // Watch open or true literals first: a clause watching a false literal is never woken.
    lits.sort((a, b) => this.vals[b]! - this.vals[a]!);
    if (lits.length >= 2) {
      const lists = this.core[id] === 1 ? this.coreWatches : this.watches;
      lists[lits[0]!]!.push(id, lits[1]!);
      lists[lits[1]!]!.push(id, lits[0]!);
    }
    if (this.conflict !== NONE) return;
    const first = lits.length === 0 ? -1 : this.vals[lits[0]!]!;
    if (first === -1) this.conflict = id;
    else if (first === 0 && (lits.length === 1 || this.vals[lits[1]!] === -1)) {
      this.assign(lits[0]!, id);
      this.conflict = this.propagate();
    }
  }

  /** Takes clause `id` out of the database and its watch lists. */
  private deactivate(id: number): void {
    this.active[id] = 0;
    const lits = this.clauses[id]!;
    if (lits.length < 2) return;
    for (const lit of lits.subarray(0, 2)) {
      if (!unwatch(this.watches[lit]!, id)) unwatch(this.coreWatches[lit]!, id);
    }
  }

  private assign(lit: Lit, reason: number): void {
    this.vals[lit] = 1;
    this.vals[lit ^ 1] = -1;
    this.reason[lit >> 1] = reason;
    this.trailPos[lit >> 1] = this.trailSize;
    this.trail[this.trailSize++] = lit;
  }

  private backtrack(mark: number): void {
    while (this.trailSize > mark) {
      const lit = this.trail[--this.trailSize]!;
      this.vals[lit] = 0;
      this.vals[lit ^ 1] = 0;
      this.reason[lit >> 1] = NONE;
    }
    this.qCore = Math.min(this.qCore, mark);
    this.qAll = Math.min(this.qAll, mark);
  }

  /**
   * Unit propagation, core first (as drat-trim's): everything the core clauses imply, then the
   * other clauses watching one literal, then the core again. Conflicts are then mostly found
   * among clauses already needed, so fewer lemmas join the core. The conflicting clause, or
   * NONE at the fixpoint.
   */
  private propagate(): number {
    for (;;) {
      while (this.qCore < this.trailSize) {
        const conflict = this.visit(this.coreWatches, this.trail[this.qCore++]! ^ 1);
        if (conflict !== NONE) return conflict;
      }
      if (this.qAll >= this.trailSize) return NONE;
      const conflict = this.visit(this.watches, this.trail[this.qAll++]! ^ 1);
      if (conflict !== NONE) return conflict;
    }
  }

  /**
   * Visits the clauses of `lists` watching `falseLit`, just made false: each finds another
   * literal to watch, or implies its other watched literal, or is the conflict returned.
   * Watch lists hold (clause, blocker) pairs, as MiniSat's: a true blocker skips the clause
   * without reading it. A clause marked core since it was watched here moves to the core lists.
   */
  private visit(lists: number[][], falseLit: Lit): number {
    const { vals, clauses, core, coreWatches } = this;
    const list = lists[falseLit]!;
    let j = 0;
    let i = 0;
    let conflict = NONE;
    while (i < list.length) {
      const id = list[i]!;
      const blocker = list[i + 1]!;
      i += 2;
      const keep = core[id] === 1 ? coreWatches : lists;
      if (vals[blocker] === 1 && keep === lists) {
        list[j++] = id;
        list[j++] = blocker;
        continue;
      }
      const c = clauses[id]!;
      if (c[0] === falseLit) {
        c[0] = c[1]!;
        c[1] = falseLit;
      }
      const first = c[0]!;
      let moved = false;
      if (vals[first] !== 1) {
        for (let k = 2; k < c.length; k++) {
          if (vals[c[k]!] !== -1) {
            c[1] = c[k]!;
            c[k] = falseLit;
            keep[c[1]!]!.push(id, first);
            moved = true;
            break;
          }
        }
      }
      if (moved) continue;
      if (keep === lists) {
        list[j++] = id;
        list[j++] = first;
      } else coreWatches[falseLit]!.push(id, first);
      if (vals[first] === -1) {
        conflict = id;
        while (i < list.length) list[j++] = list[i++]!;
      } else if (vals[first] === 0) this.assign(first, id);
    }
    list.length = j;
    return conflict;
  }
}

/** Removes clause `id`'s entry from a watch list; false when it is not there. */
function unwatch(list: number[], id: number): boolean {
  for (let i = 0; i < list.length; i += 2) {
    if (list[i] !== id) continue;
    list[i] = list[list.length - 2]!;
    list[i + 1] = list[list.length - 1]!;
    list.length -= 2;
    return true;
  }
  return false;
}

/** The literals sorted with repeats removed; null for a tautology. */
function uniqueLits(input: Int32Array): Int32Array | null {
  const sorted = Int32Array.from(input).sort();
  let j = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (j > 0 && sorted[j - 1] === (sorted[i]! ^ 1)) return null;
    if (j === 0 || sorted[j - 1] !== sorted[i]) sorted[j++] = sorted[i]!;
  }
  return sorted.slice(0, j);
}

/** The key of a clause's literals, sorted (as `uniqueLits` gives them). */
const keyOf = (sorted: Int32Array): string => sorted.join(' ');
