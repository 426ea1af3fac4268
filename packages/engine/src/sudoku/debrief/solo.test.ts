import { describe, expect, it } from 'vitest';
import { createState } from '../logic/candidates.ts';
import { TECHNIQUES, techniqueSpec } from '../logic/techniques.ts';
import { cell } from '../logic/testing.ts';
import { debrief } from './debrief.ts';
import { EASY, easyRace, grid, right, variant, wrong } from './fixtures.ts';
import { chainProblem, stepProblem } from './testing.ts';
import type { DebriefInput } from './types.ts';

describe('debrief: wrong digits that stay (solo)', () => {
  // R1C7 = 8 right, then overwritten by a wrong 3 that stays; a long pause; then R1C1 = 8
  // (the 8 in R1C7 is gone) and R1C1 = 3 (the wrong 3 in R1C7 is still shown).
  const moves = [
    { ...right('R1C7'), at: 1_000 },
    { ...wrong('R1C7', 3), at: 2_000 },
    { ...wrong('R1C1', 8), at: 40_000 },
    { ...wrong('R1C1', 3), at: 41_000 },
  ];
  const solo: DebriefInput = easyRace(moves, { wrongDigitsStay: true });

  it('a race keeps the right digit a wrong one was refused over', () => {
    const { mistakes, pauses } = debrief(easyRace(moves));
    expect(mistakes[1]!.why).toEqual({
      kind: 'clash',
      house: { kind: 'row', index: 0 },
      cell: cell('R1C7'),
    });
    expect(pauses.map((p) => [p.from, p.wrongShown])).toEqual([[2_000, undefined]]);
  });

  it('explains a later mistake from the board as shown: the overwritten digit is gone', () => {
    const { mistakes } = debrief(solo);
    const why = mistakes[1]!.why;
    // No clash with the 8 that was in R1C7: the logic starts from the givens alone (R1C7,
    // holding a wrong 3, counts as blank).
    expect(why.kind).toBe('logic');
    if (why.kind !== 'logic') return;
    const target = { cell: cell('R1C1'), digit: 8 };
    expect(chainProblem(grid(EASY), variant, target, why.steps)).toBeNull();
  });

  it('names a wrong digit the player could see as the clash, and says it was wrong', () => {
    const { mistakes } = debrief(solo);
    expect(mistakes[2]!.why).toEqual({
      kind: 'clash',
      house: { kind: 'row', index: 0 },
      cell: cell('R1C7'),
      cellWrong: true,
    });
    // A clash with a given or a right digit comes first, and is not marked.
    const again = debrief(
      easyRace([...moves, { ...wrong('R1C3', 1), at: 42_000 }], { wrongDigitsStay: true }),
    );
    expect(again.mistakes[3]!.why).toEqual({
      kind: 'clash',
      house: { kind: 'row', index: 0 },
      cell: cell('R1C2'),
    });
  });

  it('a pause starts from the facts, and lists the wrong digits shown', () => {
    const { pauses } = debrief(solo);
    expect(pauses.map((p) => [p.from, p.to, p.wrongShown])).toEqual([
      [2_000, 40_000, [{ cell: cell('R1C7'), digit: 3 }]],
    ]);
    const step = pauses[0]!.step!;
    const state = createState(grid(EASY), variant);
    expect(stepProblem(state, step)).toBeNull();
    const weight = techniqueSpec(step.technique).weight;
    for (const easier of TECHNIQUES.filter((t) => t.weight < weight))
      expect(easier.find(state), easier.id).toBeUndefined();
  });

  it('a right digit replaces the wrong one it is entered over', () => {
    const fixed = debrief(
      easyRace([...moves, { ...right('R1C7'), at: 42_000 }], {
        wrongDigitsStay: true,
        endMs: 90_000,
      }),
    );
    expect(fixed.pauses.map((p) => [p.from, p.wrongShown])).toEqual([
      [2_000, [{ cell: cell('R1C7'), digit: 3 }]],
      [42_000, [{ cell: cell('R1C1'), digit: 3 }]],
    ]);
  });
});

describe('debrief: one slip is one mistake', () => {
  it('explains a wrong digit made again in the same cell (undo, redo) once, and a new one again', () => {
    const slips = [
      { ...wrong('R1C7', 3), at: 1_000 },
      { cell: cell('R1C7'), digit: 0, verdict: 'cleared' as const, at: 1_500 },
      { ...wrong('R1C7', 3), at: 2_000 },
      { ...wrong('R1C7', 4), at: 3_000 },
    ];
    for (const input of [easyRace(slips), easyRace(slips, { wrongDigitsStay: true })]) {
      const { mistakes } = debrief(input);
      expect(mistakes.map((m) => [m.cell, m.digit, m.at])).toEqual([
        [cell('R1C7'), 3, 1_000],
        [cell('R1C7'), 4, 3_000],
      ]);
    }
  });
});
