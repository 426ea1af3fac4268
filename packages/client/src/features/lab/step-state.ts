/**
 * Stepping through a traced search (engine `traceSearch`), as pure data: the trail as it
 * stands after step `at` (the assignments by level, each with its reason), and where the next
 * or previous conflict is. No signals, no DOM: tested alone.
 */
import type { Trace, TraceAssignment, TraceEvent } from '@percent/engine';

/** The assignments after the first `at + 1` events, in trail order. */
export function trailAt(trace: Trace, at: number): TraceAssignment[] {
  const trail: TraceAssignment[] = [];
  const cut = (level: number) => {
    while (trail.length > 0 && trail.at(-1)!.level > level) trail.pop();
  };
  for (let i = 0; i <= at && i < trace.events.length; i++) {
    const event = trace.events[i]!;
    switch (event.kind) {
      case 'decide':
        trail.push({ lit: event.lit, level: event.level, reason: -1 });
        break;
      case 'propagate':
        trail.push({ lit: event.lit, level: event.level, reason: event.reason });
        break;
      case 'learn':
        cut(event.level);
        break;
      case 'backtrack':
        cut(event.level - 1);
        trail.push({ lit: event.lit, level: event.level, reason: -1 });
        break;
      default:
        break;
    }
  }
  return trail;
}

/** The trail grouped by decision level (level 0 first), empty levels left out. */
export function byLevel(trail: readonly TraceAssignment[]): TraceAssignment[][] {
  const levels: TraceAssignment[][] = [];
  for (const a of trail) (levels[a.level] ??= []).push(a);
  return levels.filter((l) => l !== undefined);
}

const isConflict = (e: TraceEvent): boolean => e.kind === 'conflict';

/** The index of the next conflict after `at`, or undefined. */
export function nextConflict(trace: Trace, at: number): number | undefined {
  const i = trace.events.findIndex((e, j) => j > at && isConflict(e));
  return i === -1 ? undefined : i;
}

/** The index of the last conflict before `at`, or undefined. */
export function previousConflict(trace: Trace, at: number): number | undefined {
  for (let j = Math.min(at, trace.events.length) - 1; j >= 0; j--)
    if (isConflict(trace.events[j]!)) return j;
  return undefined;
}

/** A literal as the lab writes it: x3 or ¬x3. */
export const litText = (lit: number): string => (lit > 0 ? `x${lit}` : `¬x${-lit}`);

/** A clause as the lab writes it: (x1 ∨ ¬x2), or ⊥ for the empty clause. */
export const clauseText = (lits: readonly number[]): string =>
  lits.length === 0 ? '⊥' : `(${lits.map(litText).join(' ∨ ')})`;
