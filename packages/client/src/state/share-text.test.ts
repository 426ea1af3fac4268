import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/index.ts';
import { boxGrid, dailyShareText, raceShareText } from './share-text.ts';

const FULL = '1'.repeat(81);
afterEach(() => setLanguage('en'));

describe('share texts', () => {
  it('draws the nine boxes: open while a cell is blank, yellow where a wrong digit went', () => {
    const board = `${'1'.repeat(80)}0`; // the last cell (box 9) blank
    expect(boxGrid(board, [0, 40])).toBe('🟨🟩🟩\n🟩🟨🟩\n🟩🟩⬜');
    expect(boxGrid(FULL)).toBe('🟩🟩🟩\n🟩🟩🟩\n🟩🟩🟩');
  });

  it('says a race: what, the place with a medal, the time, mistakes, the grid and the link', () => {
    const race = {
      variant: 'percent',
      difficulty: 'hard',
      place: 2,
      runners: 4,
      timeMs: 222_000,
      mistakes: 1,
      board: FULL,
      link: 'https://percent.example/race/r1',
    };
    expect(raceShareText(race)).toBe(
      [
        'Percent race · Percent, Hard',
        '🥈 2nd of 4 · 3:42 · 1 mistake',
        '🟩🟩🟩\n🟩🟩🟩\n🟩🟩🟩',
        'https://percent.example/race/r1',
      ].join('\n'),
    );
    const out = raceShareText({ ...race, place: null, timeMs: null, mistakes: 3 });
    expect(out.split('\n')[1]).toBe('did not finish (4 raced) · 3 mistakes');
    setLanguage('zh');
    expect(raceShareText(race).split('\n').slice(0, 2)).toEqual([
      'Percent 比赛 · 百分号数独，困难',
      '🥈 4 人中第 2 名 · 3:42 · 1 个错误',
    ]);
  });

  it('says a daily: the day, time, mistakes, rank (none for practice), slips and the link', () => {
    const daily = {
      variant: 'x',
      day: '2026-11-28',
      timeMs: 95_000,
      mistakes: 0,
      rank: 3,
      solvers: 41,
      board: FULL,
      slips: [],
      link: 'https://percent.example/daily/2026-11-28/x',
    };
    expect(dailyShareText(daily)).toBe(
      [
        'Percent daily · Sudoku X · 2026-11-28',
        '⏱ 1:35 · 0 mistakes · #3 of 41',
        '🟩🟩🟩\n🟩🟩🟩\n🟩🟩🟩',
        'https://percent.example/daily/2026-11-28/x',
      ].join('\n'),
    );
    expect(dailyShareText({ ...daily, rank: null }).split('\n')[1]).toBe('⏱ 1:35 · 0 mistakes');
  });
});
