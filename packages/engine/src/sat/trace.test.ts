import { describe, expect, it } from 'vitest';
import { cnf, firstFalsifiedClause } from '../cnf/formula.ts';
import { pigeonhole, randomKSat } from '../cnf/generators.ts';
import { checkDrat } from '../proof/check.ts';
import { createRng } from '../rng.ts';
import { traceSearch, type TraceEvent } from './trace.ts';

/** x1 → x2, x1 → x3, x2 ∧ x3 → x4, x4 → x5, x4 → ¬x5: deciding x1 leads to a conflict. */
const CHAIN = cnf(5, [
  [-1, 2],
  [-1, 3],
  [-2, -3, 4],
  [-4, 5],
  [-4, -5],
]);

const kinds = (events: readonly TraceEvent[]) => events.map((e) => e.kind);

describe('the traced CDCL search', () => {
  const trace = traceSearch(CHAIN, 'cdcl');

  it('records decisions and propagations with their reasons, in order', () => {
    expect(trace.events.slice(0, 6)).toEqual([
      { kind: 'decide', lit: 1, level: 1 },
      { kind: 'propagate', lit: 2, level: 1, reason: 0 },
      { kind: 'propagate', lit: 3, level: 1, reason: 1 },
      { kind: 'propagate', lit: 4, level: 1, reason: 2 },
      { kind: 'propagate', lit: 5, level: 1, reason: 3 },
      expect.objectContaining({ kind: 'conflict', clause: 4, level: 1 }),
    ]);
  });

  it('analyses a conflict down to the first UIP: the learned clause and the backjump level', () => {
    const conflict = trace.events[5]!;
    if (conflict.kind !== 'conflict' || !conflict.analysis) throw new Error('no analysis');
    const { analysis } = conflict;
    expect(analysis.uip).toBe(-4);
    expect(analysis.learned).toEqual([-4]);
    expect(analysis.backjump).toBe(0);
    expect(analysis.steps).toEqual([{ pivot: 5, reason: 3 }]);
    // The graph: x4 (the UIP) and x5 (resolved away, on the conflict side), x5 implied by x4.
    expect(analysis.nodes.map((n) => [n.lit, n.conflictSide])).toEqual([
      [4, false],
      [5, true],
    ]);
    expect(analysis.edges).toEqual([
      [4, 5],
      [4, 0],
      [5, 0],
    ]);
    expect(trace.events[6]).toEqual({ kind: 'learn', clause: 5, level: 0 });
    expect(trace.clauses[5]).toEqual([-4]);
  });

  it('learns a clause over two levels and jumps back to the second highest', () => {
    // x1 → x3 at level 1; x2 → x4 → x5 at level 2; x3, x5 and x2 clash.
    const two = cnf(5, [
      [-1, 3],
      [-2, 4],
      [-4, 5],
      [-3, -5, -2],
    ]);
    const { events, clauses } = traceSearch(two, 'cdcl');
    const conflict = events.find((e) => e.kind === 'conflict');
    if (conflict?.kind !== 'conflict' || !conflict.analysis) throw new Error('no conflict');
    expect(conflict).toMatchObject({ clause: 3, level: 2 });
    expect(conflict.analysis).toMatchObject({
      uip: -2,
      learned: [-2, -3],
      backjump: 1,
      steps: [
        { pivot: 5, reason: 2 },
        { pivot: 4, reason: 1 },
      ],
    });
    // x3 (level 1) and the decision x2 (the UIP) stay; x4 and x5 are resolved away.
    expect(conflict.analysis.nodes.map((n) => [n.lit, n.level, n.conflictSide])).toEqual([
      [3, 1, false],
      [2, 2, false],
      [4, 2, true],
      [5, 2, true],
    ]);
    const at = events.indexOf(conflict);
    expect(events[at + 1]).toEqual({ kind: 'learn', clause: 4, level: 1 });
    expect(clauses[4]).toEqual([-2, -3]);
    expect(events[at + 2]).toEqual({ kind: 'propagate', lit: -2, level: 1, reason: 4 });
    const last = events.at(-1)!;
    if (last.kind !== 'sat') throw new Error(`ended ${last.kind}`);
    const model = [0, ...last.model.map((l) => (l > 0 ? 1 : 0))];
    expect(firstFalsifiedClause(two, model)).toBe(-1);
    // The first trace: two unit clauses learned at level 0, then a model.
    const learned = trace.events.flatMap((e) =>
      e.kind === 'learn' ? [trace.clauses[e.clause]] : [],
    );
    expect(learned).toEqual([[-4], [-1]]);
    expect(trace.events.at(-1)?.kind).toBe('sat');
  });

  it('refutes an unsatisfiable formula with learned clauses that make a DRAT proof', () => {
    for (const formula of [pigeonhole(4, 3), randomKSat(createRng('trace'), 20, 120, 3)]) {
      const refuted = traceSearch(formula, 'cdcl', 100_000);
      expect(refuted.events.at(-1)?.kind).toBe('unsat');
      const lemmas = refuted.clauses.slice(formula.clauses.length).map((c) => `${c.join(' ')} 0`);
      const proof = new TextEncoder().encode([...lemmas, '0', ''].join('\n'));
      expect(checkDrat(formula, proof).status).toBe('verified');
    }
  });

  it('stops at its step limit', () => {
    const stopped = traceSearch(pigeonhole(6, 5), 'cdcl', 50);
    expect(stopped.events).toHaveLength(51);
    expect(stopped.events.at(-1)).toEqual({ kind: 'limit' });
  });
});

describe('the traced DPLL search', () => {
  it('backtracks chronologically, flipping the last decision, and learns nothing', () => {
    const trace = traceSearch(CHAIN, 'dpll');
    expect(kinds(trace.events).slice(0, 7)).toEqual([
      'decide',
      'propagate',
      'propagate',
      'propagate',
      'propagate',
      'conflict',
      'backtrack',
    ]);
    expect(trace.events[6]).toEqual({ kind: 'backtrack', level: 1, lit: -1 });
    expect(kinds(trace.events)).not.toContain('learn');
    expect(trace.clauses).toHaveLength(CHAIN.clauses.length);
    expect(trace.events.at(-1)?.kind).toBe('sat');
  });

  it('ends unsat once every decision has been tried both ways', () => {
    expect(traceSearch(pigeonhole(3, 2), 'dpll').events.at(-1)).toEqual({ kind: 'unsat' });
  });
});
