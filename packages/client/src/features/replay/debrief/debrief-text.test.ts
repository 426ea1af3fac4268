import type { Debrief, MistakeNote, StepNote } from '@percent/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { language } from '../../../i18n/index.ts';
import { replayEn, replayZh } from '../../../i18n/replay.ts';
import { debriefItems, mistakeText } from './debrief-text.ts';

afterEach(() => {
  language.value = 'en';
});

const R3C4 = 21;
const R3C8 = 25;
const R4C5 = 31;
const R5C8 = 43;

const mistake = (why: MistakeNote['why']): MistakeNote => ({
  move: 3,
  at: 75_000,
  cell: R3C4,
  digit: 5,
  correct: 8,
  why,
});

const hiddenSingle: StepNote = {
  technique: 'hidden-single',
  houses: [{ kind: 'box', index: 4 }],
  cells: [30, 32],
  digits: [7],
  placements: [{ cell: R4C5, digit: 7 }],
  eliminations: [],
};
const lockedCandidates: StepNote = {
  technique: 'locked-candidates',
  houses: [
    { kind: 'box', index: 1 },
    { kind: 'row', index: 2 },
  ],
  cells: [3, 4],
  digits: [5],
  placements: [],
  eliminations: [
    { cell: R3C4, digit: 5 },
    { cell: 22, digit: 5 },
  ],
};

describe('mistakeText', () => {
  it('names the house and the cell a clashing digit meets', () => {
    const note = mistake({ kind: 'clash', house: { kind: 'row', index: 2 }, cell: R3C8 });
    expect(mistakeText(note, 'percent')).toBe('R3C4: 5 clashes with the 5 in row 3 (R3C8).');
    language.value = 'zh';
    expect(mistakeText(note, 'percent')).toBe('R3C4：5 与第 3 行中的 5（R3C8）冲突。');
  });

  it('names the windows and the anti-diagonal of the percent variant', () => {
    const window = mistake({ kind: 'clash', house: { kind: 'window', index: 1 }, cell: 60 });
    expect(mistakeText(window, 'percent')).toBe(
      'R3C4: 5 clashes with the 5 in the lower window (R7C7).',
    );
    const diagonal = mistake({
      kind: 'clash',
      house: { kind: 'anti-diagonal', index: 0 },
      cell: 8,
    });
    expect(mistakeText(diagonal, 'percent')).toContain('in the anti-diagonal (R1C9)');
    language.value = 'zh';
    expect(mistakeText(window, 'percent')).toBe('R3C4：5 与下窗口中的 5（R7C7）冲突。');
  });

  it('walks through a chain of techniques when nothing clashes yet', () => {
    const note = mistake({ kind: 'logic', steps: [hiddenSingle, lockedCandidates] });
    expect(mistakeText(note, 'percent')).toBe(
      'R3C4: 5 clashes with nothing yet, but a hidden single in box 5 (R4C5 is 7), then ' +
        'locked candidates in box 2 and row 3 (removing 5 from R3C4 and R3C5): ' +
        'that rules 5 out of R3C4 (it is 8).',
    );
    language.value = 'zh';
    expect(mistakeText(note, 'percent')).toBe(
      'R3C4：5 暂时没有冲突，但第 5 宫中的排除法（R4C5 是 7），' +
        '然后第 2 宫和第 3 行中的区块摒除（删去 R3C4 和 R3C5 的 5）：由此 R3C4 不能是 5（应为 8）。',
    );
  });

  it('phrases a naked single by its cell', () => {
    const naked: StepNote = { ...hiddenSingle, technique: 'naked-single', houses: [] };
    const note = mistake({ kind: 'logic', steps: [naked] });
    expect(mistakeText(note, 'classic')).toContain(
      'but a naked single in R4C5 (it sees every digit but 7): that rules 5 out of R3C4',
    );
  });

  /** R3C8 = 7 (hidden single in row 3), then R5C8 = 2 (naked single). */
  const forced: StepNote[] = [
    {
      technique: 'hidden-single',
      houses: [{ kind: 'row', index: 2 }],
      cells: [R3C8],
      digits: [7],
      placements: [{ cell: R3C8, digit: 7 }],
      eliminations: [],
    },
    {
      technique: 'naked-single',
      houses: [
        { kind: 'row', index: 4 },
        { kind: 'column', index: 7 },
        { kind: 'box', index: 5 },
      ],
      cells: [R5C8],
      digits: [2],
      placements: [{ cell: R5C8, digit: 2 }],
      eliminations: [],
    },
  ];

  it('follows the assumed digit through forced singles to a house with no place left', () => {
    const note = mistake({
      kind: 'contradiction',
      steps: forced,
      conflict: { kind: 'house', house: { kind: 'box', index: 5 }, digit: 9 },
    });
    expect(mistakeText(note, 'percent')).toBe(
      'R3C4: 5 clashes with nothing yet, but if 5 were in R3C4: R3C8 would have to be 7 ' +
        '(hidden single in row 3), then R5C8 would have to be 2 (naked single), and box 6 ' +
        'would have no place left for 9 (it is 8).',
    );
    language.value = 'zh';
    expect(mistakeText(note, 'percent')).toBe(
      'R3C4：5 暂时没有冲突，但假如 R3C4 是 5：R3C8 只能是 7（第 3 行中的排除法），' +
        '然后 R5C8 只能是 2（唯余法），最后第 6 宫中将没有位置可放 9（应为 8）。',
    );
  });

  it('ends a contradiction at a cell with no digit left, or at once with no step', () => {
    const note = mistake({
      kind: 'contradiction',
      steps: forced.slice(0, 1),
      conflict: { kind: 'cell', cell: R4C5 },
    });
    expect(mistakeText(note, 'percent')).toBe(
      'R3C4: 5 clashes with nothing yet, but if 5 were in R3C4: R3C8 would have to be 7 ' +
        '(hidden single in row 3), and R4C5 would have no digit left (it is 8).',
    );
    const atOnce = mistake({
      kind: 'contradiction',
      steps: [],
      conflict: { kind: 'house', house: { kind: 'window', index: 0 }, digit: 5 },
    });
    expect(mistakeText(atOnce, 'percent')).toBe(
      'R3C4: 5 clashes with nothing yet, but if 5 were in R3C4, the upper window would have ' +
        'no place left for 5 (it is 8).',
    );
    language.value = 'zh';
    expect(mistakeText(note, 'percent')).toBe(
      'R3C4：5 暂时没有冲突，但假如 R3C4 是 5：R3C8 只能是 7（第 3 行中的排除法），' +
        '最后 R4C5 将没有数字可填（应为 8）。',
    );
    expect(mistakeText(atOnce, 'percent')).toBe(
      'R3C4：5 暂时没有冲突，但假如 R3C4 是 5，上窗口中将没有位置可放 5（应为 8）。',
    );
  });

  it('names the houses whose rules, on the board of that moment, force the digit out (SAT)', () => {
    const houses = [
      { kind: 'row', index: 2 },
      { kind: 'column', index: 3 },
      { kind: 'box', index: 1 },
    ] as const;
    const note = mistake({ kind: 'sat', houses });
    expect(mistakeText(note, 'percent')).toBe(
      'R3C4: 5 clashes with nothing yet, but with the digits on the board at that moment, the ' +
        'rules of row 3, column 4 and box 2 alone rule 5 out of R3C4 (SAT; it is 8).',
    );
    language.value = 'zh';
    expect(mistakeText(note, 'percent')).toBe(
      'R3C4：5 暂时没有冲突，但根据当时盘面上已有的数字，' +
        '仅凭第 3 行、第 4 列和第 2 宫的规则就能排除 R3C4 的 5（SAT 证明；应为 8）。',
    );
  });

  it('groups a long list of houses by kind, with runs as ranges', () => {
    const houses = [
      ...[0, 1, 2, 3, 4, 6, 8].map((index) => ({ kind: 'row', index }) as const),
      ...[1, 3, 4].map((index) => ({ kind: 'column', index }) as const),
      { kind: 'box', index: 1 },
      { kind: 'box', index: 4 },
      { kind: 'anti-diagonal', index: 0 },
      { kind: 'window', index: 0 },
    ] as const;
    const note = mistake({ kind: 'sat', houses });
    expect(mistakeText(note, 'percent')).toContain(
      'the rules of rows 1–5, 7 and 9, columns 2, 4 and 5, boxes 2 and 5, the anti-diagonal and the ' +
        'upper window alone rule 5 out of R3C4',
    );
    language.value = 'zh';
    expect(mistakeText(note, 'percent')).toContain(
      '仅凭第 1–5、7 和 9 行、第 2、4 和 5 列、第 2 和 5 宫、反对角线和上窗口的规则',
    );
  });

  it('says plainly when no reason was found in time', () => {
    const timedOut = 'R3C4: 5 was wrong (it is 8); no short reason was found in time.';
    expect(mistakeText(mistake({ kind: 'unknown', reason: 'time' }), 'percent')).toBe(timedOut);
    expect(mistakeText(mistake({ kind: 'unknown' }), 'percent')).toBe(timedOut);
    language.value = 'zh';
    expect(mistakeText(mistake({ kind: 'unknown', reason: 'time' }), 'percent')).toBe(
      'R3C4：5 是错的（应为 8）；未能及时找到简短的理由。',
    );
  });

  it('says so when the digit fits: the puzzle has another solution', () => {
    const note = mistake({ kind: 'unknown', reason: 'fits' });
    expect(mistakeText(note, 'percent')).toBe(
      'R3C4: 5 was judged wrong (it is 8), yet the rules do not rule it out: ' +
        'this puzzle has more than one solution.',
    );
    language.value = 'zh';
    expect(mistakeText(note, 'percent')).toBe(
      'R3C4：5 被判为错（应为 8），但规则并不能排除它：这道题不止一个解。',
    );
  });

  it('says when the digit it clashes with was itself wrong (a solve)', () => {
    const note = mistake({
      kind: 'clash',
      house: { kind: 'row', index: 2 },
      cell: R3C8,
      cellWrong: true,
    });
    expect(mistakeText(note, 'percent')).toBe(
      'R3C4: 5 clashes with the 5 in row 3 (R3C8, itself a wrong digit still on the board).',
    );
    language.value = 'zh';
    expect(mistakeText(note, 'percent')).toBe(
      'R3C4：5 与第 3 行中的 5（R3C8，它本身也是填错的）冲突。',
    );
  });
});

describe('debriefItems', () => {
  it('lists mistakes and pauses in time order with the cells to highlight', () => {
    const debrief: Debrief = {
      mistakes: [mistake({ kind: 'clash', house: { kind: 'row', index: 2 }, cell: R3C8 })],
      pauses: [{ from: 20_000, to: 50_000, ms: 30_000, step: hiddenSingle }],
      complete: true,
    };
    const items = debriefItems(debrief, 'percent');
    expect(items.map((i) => [i.kind, i.at, i.cell])).toEqual([
      ['pause', 20_000, R4C5],
      ['mistake', 75_000, R3C4],
    ]);
    expect(items[1]!.cells).toEqual([R3C4, R3C8]);
    expect(items[1]!.area).toEqual([18, 19, 20, 21, 22, 23, 24, 25, 26]);
    expect(items[0]!.cells).toEqual([R4C5, 30, 32]);
  });
});

describe('debriefItems for a contradiction', () => {
  const at = (cell: number, digit: number) => ({ cell, digit });
  const single = (cell: number, digit: number): StepNote => ({
    technique: 'hidden-single',
    houses: [{ kind: 'row', index: 0 }],
    cells: [cell],
    digits: [digit],
    placements: [at(cell, digit)],
    eliminations: [],
  });

  it('marks the forced cells and tints the house left without a place', () => {
    const note = mistake({
      kind: 'contradiction',
      steps: [single(R3C8, 7), single(R4C5, 2)],
      conflict: { kind: 'house', house: { kind: 'column', index: 8 }, digit: 9 },
    });
    const [item] = debriefItems({ mistakes: [note], pauses: [], complete: true }, 'percent');
    expect(item!.cells).toEqual([R3C4, R3C8, R4C5]);
    expect(item!.area).toEqual([8, 17, 26, 35, 44, 53, 62, 71, 80]);
  });

  it('marks the cell left without a digit, and tints the houses it sees', () => {
    const note = mistake({
      kind: 'contradiction',
      steps: [single(R3C8, 7)],
      conflict: { kind: 'cell', cell: R5C8 },
    });
    const [item] = debriefItems({ mistakes: [note], pauses: [], complete: true }, 'percent');
    expect(item!.cells).toEqual([R3C4, R3C8, R5C8]);
    // Row 5, column 8 and box 6: R5C8 is on neither diagonal nor in a window.
    const row5 = [36, 37, 38, 39, 40, 41, 42, 43, 44];
    const column8 = [7, 16, 25, 34, 52, 61, 70, 79];
    expect(item!.area).toEqual([...row5, ...column8, 33, 35, 51, 53]);
  });
});

describe('the replay catalogue', () => {
  it('uses the same placeholders in Chinese as in English', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)[},]/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(replayEn) as (keyof typeof replayEn)[])
      expect(names(replayZh[key]), key).toEqual(names(replayEn[key]));
  });
});
