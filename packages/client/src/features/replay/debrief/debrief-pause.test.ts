import type { PauseNote, StepNote } from '@percent/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { language } from '../../../i18n/index.ts';
import { debriefItems, pauseText } from './debrief-text.ts';

afterEach(() => {
  language.value = 'en';
});

const R3C4 = 21;
const R4C5 = 31;
const R5C8 = 43;

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

describe('pauseText', () => {
  const pause: PauseNote = {
    from: 133_000,
    to: 174_000,
    ms: 41_000,
    step: { ...hiddenSingle, houses: [{ kind: 'window', index: 0 }] },
  };

  it('says which technique was available, where, for how long and when', () => {
    expect(pauseText(pause, 'percent')).toBe(
      'A pause of 41 s (at 2:13), with a hidden single available in the upper window.',
    );
    const locked = { ...pause, step: lockedCandidates };
    expect(pauseText(locked, 'percent')).toBe(
      'A pause of 41 s (at 2:13), with locked candidates available in box 2 and row 3.',
    );
    language.value = 'zh';
    expect(pauseText(pause, 'percent')).toBe(
      '停顿了 41 秒（从 2:13 起），当时上窗口中的排除法已经可用。',
    );
  });

  it('names the cells of a step that has no house (an XY-wing)', () => {
    const xyWing: StepNote = {
      technique: 'xy-wing',
      houses: [],
      cells: [1, 4, 28],
      digits: [3, 6, 9],
      placements: [],
      eliminations: [{ cell: 31, digit: 9 }],
    };
    const note = { ...pause, step: xyWing };
    expect(pauseText(note, 'classic')).toBe(
      'A pause of 41 s (at 2:13), with an XY-wing available on R1C2, R1C5 and R4C2.',
    );
    language.value = 'zh';
    expect(pauseText(note, 'classic')).toBe(
      '停顿了 41 秒（从 2:13 起），当时由 R1C2、R1C5 和 R4C2 构成的 XY 翼已经可用。',
    );
  });

  it('names the wrong digits still on the board when the pause began (a solve)', () => {
    const shown = {
      ...pause,
      wrongShown: [
        { cell: R3C4, digit: 5 },
        { cell: R5C8, digit: 1 },
      ],
    };
    expect(pauseText(shown, 'percent')).toBe(
      'A pause of 41 s (at 2:13), with a hidden single available in the upper window. ' +
        'The board still showed a wrong 5 in R3C4 and a wrong 1 in R5C8.',
    );
    const [item] = debriefItems({ mistakes: [], pauses: [shown], complete: true }, 'percent');
    expect(item!.cells).toEqual([R4C5, 30, 32, R3C4, R5C8]);
    language.value = 'zh';
    expect(pauseText(shown, 'percent')).toBe(
      '停顿了 41 秒（从 2:13 起），当时上窗口中的排除法已经可用。' +
        '盘面上还留着 R3C4 中填错的 5 和 R5C8 中填错的 1。',
    );
  });

  it('says when no technique applied', () => {
    expect(pauseText({ ...pause, step: null }, 'percent')).toBe(
      'A pause of 41 s (at 2:13): no technique applied — the next digit needed a harder chain.',
    );
  });
});
