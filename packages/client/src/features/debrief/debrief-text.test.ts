import type { Debrief, MistakeNote, PauseNote, StepNote } from '@percent/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { language } from '../../i18n/index.ts';
import { replayEn, replayZh } from '../../i18n/replay.ts';
import { debriefItems, mistakeText, pauseText } from './debrief-text.ts';

afterEach(() => {
  language.value = 'en';
});

const R3C4 = 21;
const R3C8 = 25;
const R4C5 = 31;

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
      'R3C4：5 暂时没有冲突，但第 5 宫中的排除法（隐性唯一）（R4C5 是 7），' +
        '然后第 2 宫和第 3 行中的区块摒除（删去 R3C4和R3C5 的 5）：由此 R3C4 不能是 5（应为 8）。',
    );
  });

  it('phrases a naked single by its cell', () => {
    const naked: StepNote = { ...hiddenSingle, technique: 'naked-single', houses: [] };
    const note = mistake({ kind: 'logic', steps: [naked] });
    expect(mistakeText(note, 'classic')).toContain(
      'but a naked single in R4C5 (it sees every digit but 7): that rules 5 out of R3C4',
    );
  });

  it('names the houses whose rules force the digit out (SAT)', () => {
    const houses = [
      { kind: 'row', index: 2 },
      { kind: 'column', index: 3 },
      { kind: 'box', index: 1 },
    ] as const;
    const note = mistake({ kind: 'sat', houses });
    expect(mistakeText(note, 'percent')).toBe(
      'R3C4: 5 clashes with nothing yet, but with the givens the rules of row 3, column 4 and ' +
        'box 2 alone force 5 out of R3C4 (SAT; it is 8).',
    );
    language.value = 'zh';
    expect(mistakeText(note, 'percent')).toBe(
      'R3C4：5 暂时没有冲突，但在已知数之下，仅凭第 3 行、第 4 列和第 2 宫的规则就能排除 R3C4 的 5（SAT 证明；应为 8）。',
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
        'upper window alone force 5 out of R3C4',
    );
    language.value = 'zh';
    expect(mistakeText(note, 'percent')).toContain(
      '仅凭第 1–5、7和9 行、第 2、4和5 列、第 2和5 宫、反对角线和上窗口的规则',
    );
  });

  it('says plainly when no reason was found in time', () => {
    expect(mistakeText(mistake({ kind: 'unknown' }), 'percent')).toBe(
      'R3C4: 5 was wrong (it is 8); no short reason was found in time.',
    );
  });
});

describe('pauseText', () => {
  const pause: PauseNote = {
    from: 133_000,
    to: 174_000,
    ms: 41_000,
    step: { ...hiddenSingle, houses: [{ kind: 'window', index: 0 }] },
  };

  it('says which technique was available, where, for how long and when', () => {
    expect(pauseText(pause, 'percent')).toBe(
      'A hidden single in the upper window was available for 41 s (at 2:13).',
    );
    language.value = 'zh';
    expect(pauseText(pause, 'percent')).toBe(
      '上窗口中的排除法（隐性唯一）已可用 41 秒（从 2:13 起）。',
    );
  });

  it('says when no technique applied', () => {
    expect(pauseText({ ...pause, step: null }, 'percent')).toBe(
      'A pause of 41 s (at 2:13): no technique applied — the next digit needed a harder chain.',
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

describe('the replay catalogue', () => {
  it('uses the same placeholders in Chinese as in English', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)[},]/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(replayEn) as (keyof typeof replayEn)[])
      expect(names(replayZh[key]), key).toEqual(names(replayEn[key]));
  });
});
