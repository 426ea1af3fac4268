import { describe, expect, it, vi } from 'vitest';
import { cell } from '../logic/testing.ts';
import { debrief, debriefRace } from './debrief.ts';
import { EXPERT, EXPERT_SOLUTION, easyRace, timed, wrong } from './fixtures.ts';
import type { DebriefMove } from './types.ts';

/** Called after each logic chain the debrief asks for: one per mistake explained past clashes. */
const chains = vi.hoisted(() => ({ after: (): void => {} }));
vi.mock('./chain.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./chain.ts')>();
  return {
    ...original,
    logicChain: (...args: Parameters<typeof original.logicChain>) => {
      const result = original.logicChain(...args);
      chains.after();
      return result;
    },
  };
});

describe('debriefRace', () => {
  const players = [
    easyRace(timed([wrong('R1C1', 6), wrong('R2C3', 3)]), { endMs: 60_000 }),
    {
      variant: 'percent' as const,
      puzzle: EXPERT,
      solution: EXPERT_SOLUTION,
      moves: [{ at: 1000, cell: cell('R1C6'), digit: 3, verdict: 'wrong' as const }],
      endMs: 1000,
    },
  ];

  it('debriefs every player in order, as one by one', () => {
    expect(debriefRace(players, { budgetMs: 5_000 })).toEqual(players.map((p) => debrief(p)));
  });

  it("explains the players' mistakes in turns, so each gets its first one first", () => {
    // 30 s apart: every gap is a long pause, so the signal is read for pauses too.
    const apart = (moves: readonly DebriefMove[]): DebriefMove[] =>
      moves.map((move, i) => ({ ...move, at: 30_000 * (i + 1) }));
    const many = easyRace(apart([wrong('R2C3', 3), wrong('R2C4', 3), wrong('R2C4', 7)]));
    const one = easyRace(apart([wrong('R1C8', 9)]));
    // Two explanations go through, then the signal says stop.
    const controller = new AbortController();
    let explained = 0;
    chains.after = () => {
      if (++explained === 2) controller.abort();
    };
    try {
      const result = debriefRace([many, one], { signal: controller.signal });
      expect(result.map((d) => d.mistakes.map((m) => m.why.kind))).toEqual([
        ['logic', 'unknown', 'unknown'],
        ['logic'],
      ]);
      expect(result[0]!.mistakes[1]!.why).toEqual({ kind: 'unknown', reason: 'time' });
      expect(result.map((d) => d.complete)).toEqual([false, true]);
      expect(result.map((d) => d.pauses.length)).toEqual([3, 1]);
    } finally {
      chains.after = () => {};
    }
  });

  it('shares one budget: none left means every player is cut short', () => {
    const result = debriefRace(players, { budgetMs: 0 });
    expect(result.map((d) => d.complete)).toEqual([false, false]);
    expect(result.map((d) => d.mistakes.map((m) => m.why.kind))).toEqual([
      ['clash', 'unknown'],
      ['unknown'],
    ]);
  });
});
