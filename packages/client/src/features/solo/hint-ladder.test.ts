import { getVariant, type Step } from '@percent/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { language } from '../../i18n/index.ts';
import { climb, rungOf, rungView, type Ladder, type LadderHint } from './hint-ladder.ts';

afterEach(() => {
  language.value = 'en';
});

const houses = getVariant('percent').houses;
const box5 = houses.findIndex((h) => h.kind === 'box' && h.index === 4);
const row5 = houses.findIndex((h) => h.kind === 'row' && h.index === 4);
const column5 = houses.findIndex((h) => h.kind === 'column' && h.index === 4);

const hiddenSingle: Step = {
  technique: 'hidden-single',
  placements: [{ cell: 40, digit: 6 }],
  eliminations: [],
  cells: [31, 49],
  houses: [box5],
  digits: [6],
  explanation: 'Hidden single: 6 can go only in R5C5 within box 5.',
};
const step: LadderHint = { kind: 'step', step: hiddenSingle, via: [] };
const board = '0'.repeat(81);

/** The ladder after `presses` presses of Hint on an unchanged board. */
function pressed(hint: LadderHint, presses: number): Ladder | undefined {
  let ladder: Ladder | undefined = { board, hint, rung: 0 };
  for (let i = 1; i < presses; i++) ladder = climb(ladder, board);
  return ladder;
}

describe('the hint ladder', () => {
  it('climbs from where to look, to the technique, to the answer, to placing it', () => {
    const views = [1, 2, 3].map((n) => rungView(pressed(step, n)!, 'percent'));
    expect(views.map((v) => v.text)).toEqual([
      'Look at box 5.',
      'Hidden single in box 5.',
      'Hidden single: 6 can go only in R5C5 within box 5. Press Hint again to place it.',
    ]);
    // The first two rungs tint the box and name neither the cell nor the digit.
    for (const view of views.slice(0, 2)) {
      expect(view.cells).toEqual([]);
      expect(view.area).toEqual([...houses[box5]!.cells]);
      expect(view.text).not.toMatch(/R\dC\d|6/);
    }
    expect(views[2]!.cells).toContain(40);
    const last = pressed(step, 4)!;
    expect(rungOf(last)).toBe('place');
    expect(rungView(last, 'percent').text).toBe('Placed 6 in R5C5.');
    expect(climb(last, board)).toBeUndefined();
  });

  it('starts again when the board changed between presses', () => {
    expect(climb(pressed(step, 1), '1' + board.slice(1))).toBeUndefined();
    expect(climb(undefined, board)).toBeUndefined();
  });

  it('names only the box of a naked single, not the cell its houses cross at', () => {
    const naked: LadderHint = {
      kind: 'step',
      via: [],
      step: { ...hiddenSingle, technique: 'naked-single', houses: [row5, column5, box5] },
    };
    expect(rungView(pressed(naked, 1)!, 'percent').text).toBe('Look at box 5.');
  });

  it('when logic is stuck: the cell to look at, then its digit, then placed', () => {
    const reveal: LadderHint = { kind: 'reveal', cell: 12, digit: 4, explanation: '' };
    expect(rungView(pressed(reveal, 1)!, 'percent').text).toMatch(/^No technique .* R2C4/);
    expect(rungView(pressed(reveal, 2)!, 'percent').text).toMatch(/R2C4 is 4\. Press Hint again/);
    expect(rungOf(pressed(reveal, 3)!)).toBe('place');
  });

  it('speaks Chinese too', () => {
    language.value = 'zh';
    expect(rungView(pressed(step, 1)!, 'percent').text).toBe('看看第 5 宫。');
  });
});
