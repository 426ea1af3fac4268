import { HEADER } from './clause-arena.ts';
import { NO_LIT, NO_REASON, type Lit } from './lit.ts';
import { VAR_DECAY } from './params.ts';
import type { SolverCore } from './solver-core.ts';

/**
 * Conflict analysis (first unique implication point), recursive clause minimisation,
 * non-chronological backjumping and learning. On return the asserting literal is on the
 * trail at the backjump level, implied by the new clause.
 */
export function learnFrom(s: SolverCore, conflict: number): void {
  analyze(s, conflict);
  minimize(s);
  const learnt = s.learnt;
  // 1-UIP clauses, minimised or not, are implied by reverse unit propagation: a DRAT lemma.
  s.proof?.add(learnt);
  const backjumpLevel = placeSecondWatch(s, learnt);
  const lbd = learnt.length > 1 ? computeLbd(s, learnt) : 1;
  s.backtrack(backjumpLevel);
  if (learnt.length === 1) {
    s.enqueue(learnt[0]!, NO_REASON);
  } else {
    const cr = s.arena.alloc(learnt, true, lbd);
    s.learnts.push(cr);
    s.attach(cr);
    s.enqueue(learnt[0]!, cr);
  }
  s.stats.learned++;
  s.restarts.onConflict(lbd, s.trailSize);
  s.varInc /= VAR_DECAY;
}

/** Builds the 1-UIP clause in `s.learnt`, bumping every variable met. */
function analyze(s: SolverCore, conflict: number): void {
  const { seen, level, reason, trail } = s;
  const learnt = s.learnt;
  learnt.length = 0;
  learnt.push(NO_LIT);
  let pathCount = 0;
  let p = NO_LIT;
  let index = s.trailSize - 1;
  let cr = conflict;
  do {
    const mem = s.arena.mem;
    const end = cr + HEADER + mem[cr]!;
    // A reason clause holds p itself (at position 0, or 1 in a binary clause); skip it.
    const implied = p >> 1;
    for (let k = cr + HEADER; k < end; k++) {
      const q = mem[k]!;
      const v = q >> 1;
      if (seen[v] === 0 && level[v]! > 0 && v !== implied) {
        s.bumpVar(v);
        seen[v] = 1;
        if (level[v]! >= s.levels) pathCount++;
        else learnt.push(q);
      }
    }
    while (seen[trail[index]! >> 1] === 0) index--;
    p = trail[index]!;
    index--;
    cr = reason[p >> 1]!;
    seen[p >> 1] = 0;
    pathCount--;
  } while (pathCount > 0);
  learnt[0] = p ^ 1;
}

/** A bit per decision level (mod 32), to rule out redundancy checks cheaply. */
const abstractLevel = (s: SolverCore, v: number): number => 1 << (s.level[v]! & 31);

/**
 * MiniSat's deep minimisation: drops a literal whose falsity is implied by the other
 * literals of the clause. Clears every `seen` mark it or `analyze` left.
 */
function minimize(s: SolverCore): void {
  const learnt = s.learnt;
  const toClear = learnt.slice();
  let levels = 0;
  for (let i = 1; i < learnt.length; i++) levels |= abstractLevel(s, learnt[i]! >> 1);
  let j = 1;
  for (let i = 1; i < learnt.length; i++) {
    const lit = learnt[i]!;
    if (s.reason[lit >> 1] === NO_REASON || !redundant(s, lit, levels, toClear)) learnt[j++] = lit;
  }
  learnt.length = j;
  for (const lit of toClear) s.seen[lit >> 1] = 0;
}

function redundant(s: SolverCore, start: Lit, levels: number, toClear: Lit[]): boolean {
  const { seen, level, reason } = s;
  const mem = s.arena.mem;
  const stack = [start];
  const top = toClear.length;
  while (stack.length > 0) {
    const implied = stack.pop()! >> 1;
    const cr = reason[implied]!;
    const end = cr + HEADER + mem[cr]!;
    for (let k = cr + HEADER; k < end; k++) {
      const q = mem[k]!;
      const v = q >> 1;
      if (seen[v] !== 0 || level[v] === 0 || v === implied) continue;
      if (reason[v] !== NO_REASON && (abstractLevel(s, v) & levels) !== 0) {
        seen[v] = 1;
        stack.push(q);
        toClear.push(q);
      } else {
        for (let i = top; i < toClear.length; i++) seen[toClear[i]! >> 1] = 0;
        toClear.length = top;
        return false;
      }
    }
  }
  return true;
}

/** Moves the literal of the highest level after the asserting one to position 1; returns that level. */
function placeSecondWatch(s: SolverCore, learnt: Lit[]): number {
  if (learnt.length === 1) return 0;
  let max = 1;
  for (let i = 2; i < learnt.length; i++) {
    if (s.level[learnt[i]! >> 1]! > s.level[learnt[max]! >> 1]!) max = i;
  }
  const lit = learnt[max]!;
  learnt[max] = learnt[1]!;
  learnt[1] = lit;
  return s.level[lit >> 1]!;
}

/** Literal block distance: the number of distinct decision levels in the clause (Glucose). */
function computeLbd(s: SolverCore, lits: Lit[]): number {
  const stamp = ++s.stamp;
  let lbd = 0;
  for (const lit of lits) {
    const l = s.level[lit >> 1]!;
    if (s.levelStamp[l] !== stamp) {
      s.levelStamp[l] = stamp;
      lbd++;
    }
  }
  return lbd;
}

/**
 * Which assumptions made assumption `p` false (MiniSat's analyzeFinal): walks the trail back
 * from ¬p through reasons and collects the assumption decisions met. Sets `s.failed`.
 */
export function analyzeFinal(s: SolverCore, p: Lit): void {
  const failed: Lit[] = [p];
  const { seen, reason, level, trail } = s;
  if (s.levels > 0 && level[p >> 1]! > 0) {
    const mem = s.arena.mem;
    seen[p >> 1] = 1;
    for (let i = s.trailSize - 1; i >= s.trailLim[0]!; i--) {
      const v = trail[i]! >> 1;
      if (seen[v] === 0) continue;
      const cr = reason[v]!;
      if (cr === NO_REASON) failed.push(trail[i]!);
      else {
        const end = cr + HEADER + mem[cr]!;
        // The implied literal itself is marked too, harmlessly: its mark is cleared next.
        for (let k = cr + HEADER; k < end; k++)
          if (level[mem[k]! >> 1]! > 0) seen[mem[k]! >> 1] = 1;
      }
      seen[v] = 0;
    }
    seen[p >> 1] = 0;
  }
  s.failed = failed;
}
