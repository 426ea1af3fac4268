import { HEADER } from './clause-arena.ts';
import { NO_REASON, type Lit } from './lit.ts';
import { Slot } from './kernel/kernel.ts';
import type { SolverCore } from './solver-core.ts';

/**
 * Learns from a conflict above level 0 — the kernel's `learn`: conflict analysis (first unique
 * implication point) with recursive clause minimisation, the non-chronological backjump, the
 * learned clause stored and its asserting literal on the trail at the backjump level, the
 * restart policy told — then what only JavaScript holds: the proof step, Gauss–Jordan's
 * backjump and the list of learned clauses.
 */
export function learnFrom(s: SolverCore, conflict: number): void {
  const cr = s.kernel.learn(conflict);
  s.sync();
  // 1-UIP clauses, minimised or not, are implied by reverse unit propagation: a DRAT lemma.
  s.proof?.add(s.learnt.subarray(0, s.regs[Slot.learntSize]!));
  // The kernel's backjump leaves trailLim as it was: where the undone levels began.
  s.gauss?.backtrack(s.trailLim[s.regs[Slot.backjump]!]!);
  if (cr !== NO_REASON) s.learnts.push(cr);
  s.stats.learned++;
}

/**
 * Which assumptions made assumption `p` false (MiniSat's analyzeFinal): walks the trail back
 * from ¬p through reasons and collects the assumption decisions met. Sets `s.failed`.
 */
export function analyzeFinal(s: SolverCore, p: Lit): void {
  const failed: Lit[] = [p];
  const { marks, reason, level, trail } = s;
  if (s.levels > 0 && level[p >> 1]! > 0) {
    const mem = s.arena.mem;
    marks[p >> 1] = 1;
    for (let i = s.trailSize - 1; i >= s.trailLim[0]!; i--) {
      const v = trail[i]! >> 1;
      if (marks[v] === 0) continue;
      const cr = reason[v]!;
      if (cr === NO_REASON) failed.push(trail[i]!);
      else {
        const end = cr + HEADER + mem[cr]!;
        // The implied literal itself is marked too, harmlessly: its mark is cleared next.
        for (let k = cr + HEADER; k < end; k++)
          if (level[mem[k]! >> 1]! > 0) marks[mem[k]! >> 1] = 1;
      }
      marks[v] = 0;
    }
    marks[p >> 1] = 0;
  }
  s.failed = failed;
}
