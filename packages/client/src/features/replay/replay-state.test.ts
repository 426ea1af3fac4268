import { describe, expect, it } from 'vitest';
import { replayOfSolve, type ReplayRecord } from './replay-record.ts';
import {
  FLASH_MS,
  flashWindow,
  movesBy,
  nextMoveAt,
  previousMoveAt,
  replayAt,
  timelineMarks,
} from './replay-state.ts';

const SOLUTION =
  '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
/** R1C1, R1C2, R1C3 and R9C9 blank. */
const PUZZLE = `000${SOLUTION.slice(3, 80)}0`;
const put = (board: string, cell: number, digit: string) =>
  board.slice(0, cell) + digit + board.slice(cell + 1);

const player = (id: string, nickname: string, place: number | null) =>
  ({ id, nickname, place, timeMs: null, mistakes: 0, outcome: 'finished' }) as const;

function record(moves: ReplayRecord['moves']): ReplayRecord {
  return {
    kind: 'race',
    id: 'race1',
    variant: 'classic',
    difficulty: 'easy',
    puzzle: PUZZLE,
    solution: SOLUTION,
    startedAt: 1_000_000,
    durationMs: 60_000,
    players: [player('ann', 'Ann', 1), player('bob', 'Bob', 2)],
    moves,
    wrongDigitsStay: false,
  };
}

const race = record([
  { playerId: 'ann', at: 1000, cell: 0, digit: 5, verdict: 'correct' },
  { playerId: 'bob', at: 2000, cell: 0, digit: 7, verdict: 'wrong' },
  { playerId: 'ann', at: 3000, cell: 1, digit: 3, verdict: 'correct' },
  { playerId: 'bob', at: 4000, cell: 0, digit: 5, verdict: 'correct' },
  { playerId: 'ann', at: 5000, cell: 1, digit: 0, verdict: 'cleared' },
  { playerId: 'ann', at: 6000, cell: 1, digit: 3, verdict: 'correct' },
  { playerId: 'ann', at: 7000, cell: 2, digit: 4, verdict: 'correct' },
  { playerId: 'ann', at: 8000, cell: 80, digit: 9, verdict: 'correct' },
]);

describe('replayAt', () => {
  it('shows only the givens at 0:00, in the order of the standings', () => {
    const frames = replayAt(race, 0);
    expect(frames.map((f) => f.playerId)).toEqual(['ann', 'bob']);
    for (const frame of frames) {
      expect(frame.board).toBe(PUZZLE);
      expect(frame).toMatchObject({ filled: 0, blanks: 4, percent: 0, mistakes: 0 });
      expect(frame.flashes).toEqual([]);
      expect(frame.lastCell).toBeNull();
    }
  });

  it('places each digit at its time and not a millisecond before', () => {
    expect(replayAt(race, 999)[0]!.board).toBe(PUZZLE);
    const ann = replayAt(race, 1000)[0]!;
    expect(ann.board).toBe(put(PUZZLE, 0, '5'));
    expect(ann).toMatchObject({ filled: 1, percent: 25, lastCell: 0 });
    expect(replayAt(race, 3500)[0]!.board).toBe(put(put(PUZZLE, 0, '5'), 1, '3'));
  });

  it('never places a wrong digit: it flashes for flashMs, counts, and marks its cell', () => {
    const at = (ms: number, flashMs?: number) =>
      replayAt(race, ms, flashMs === undefined ? {} : { flashMs })[1]!;
    expect(at(2000).board).toBe(PUZZLE);
    expect(at(2000).flashes).toEqual([{ cell: 0, digit: 7 }]);
    expect(at(2000).standing).toEqual([]);
    expect(at(3499).flashes).toEqual([{ cell: 0, digit: 7 }]);
    expect(at(3500).flashes).toEqual([]);
    expect(at(3500, 10_000).flashes).toEqual([{ cell: 0, digit: 7 }]);
    expect(at(3500)).toMatchObject({ mistakes: 1, mistakeCells: [0], filled: 0 });
    // The right digit in that cell ends the flash; the mark and the count stay.
    const after = at(4000, 10_000);
    expect(after.flashes).toEqual([]);
    expect(after).toMatchObject({ board: put(PUZZLE, 0, '5'), mistakes: 1, mistakeCells: [0] });
  });

  it('tints the digits entered within flashMs, none at the end', () => {
    expect(replayAt(race, 1000)[0]!.recent).toEqual([0]);
    expect(replayAt(race, 2499)[0]!.recent).toEqual([0]);
    expect(replayAt(race, 3000)[0]!.recent).toEqual([1]);
    expect(replayAt(race, 5000)[0]!.recent).toEqual([]);
    expect(replayAt(race, 8000, { flashMs: 5000 })[0]!.recent).toEqual([1, 2, 80]);
    expect(replayAt(race, 60_000, { flashMs: 90_000 })[0]!.recent).toEqual([]);
  });

  it('applies clears: a cleared digit leaves the board until it is entered again', () => {
    const ann = (ms: number) => replayAt(race, ms)[0]!;
    expect(ann(5000).board).toBe(put(PUZZLE, 0, '5'));
    expect(ann(5000).filled).toBe(1);
    expect(ann(6000).filled).toBe(2);
  });

  it('ends on each player’s final board, with the time the board became full', () => {
    const [ann, bob] = replayAt(race, race.durationMs);
    expect(ann).toMatchObject({ board: SOLUTION, percent: 100, finishedAt: 8000, mistakes: 0 });
    expect(bob).toMatchObject({ board: put(PUZZLE, 0, '5'), finishedAt: null, mistakes: 1 });
    expect(replayAt(race, 7999)[0]!.finishedAt).toBeNull();
  });

  it('draws no flash at the end, even for a wrong digit that ended the race', () => {
    const ended = { ...race, durationMs: 2500 };
    expect(replayAt(ended, 2499)[1]!.flashes).toEqual([{ cell: 0, digit: 7 }]);
    expect(replayAt(ended, 2500)[1]!.flashes).toEqual([]);
    expect(replayAt(ended, 2500)[1]!.mistakeCells).toEqual([0]);
  });

  it('shows a pinned wrong digit (a picked debrief item) even at the end', () => {
    const ended = { ...race, durationMs: 2000 };
    const pin = { playerId: 'bob', cell: 0, at: 2000 };
    expect(replayAt(ended, 2000, { pin })[1]!.flashes).toEqual([{ cell: 0, digit: 7 }]);
    // Only that entry: another player, cell or time is not pinned.
    for (const other of [
      { ...pin, playerId: 'ann' },
      { ...pin, cell: 1 },
      { ...pin, at: 1999 },
    ])
      expect(replayAt(ended, 2000, { pin: other })[1]!.flashes).toEqual([]);
    // Away from the end the pin changes nothing: the flash still lasts flashMs.
    expect(replayAt(race, 3500, { pin })[1]!.flashes).toEqual([]);
  });

  it('ignores moves of a player who is not in the standings', () => {
    const stray = record([{ playerId: 'zed', at: 10, cell: 0, digit: 5, verdict: 'correct' }]);
    expect(replayAt(stray, 100).map((f) => f.board)).toEqual([PUZZLE, PUZZLE]);
  });
});

describe('a solve, where a wrong digit stays in its cell', () => {
  const solve: ReplayRecord = {
    ...record([
      { playerId: 'ann', at: 1000, cell: 0, digit: 7, verdict: 'wrong' },
      { playerId: 'ann', at: 3000, cell: 0, digit: 5, verdict: 'correct' },
      { playerId: 'ann', at: 4000, cell: 1, digit: 3, verdict: 'correct' },
      { playerId: 'ann', at: 9000, cell: 1, digit: 8, verdict: 'wrong' },
      { playerId: 'ann', at: 12_000, cell: 1, digit: 0, verdict: 'cleared' },
      { playerId: 'ann', at: 20_000, cell: 2, digit: 9, verdict: 'wrong' },
    ]),
    kind: 'solve',
    players: [player('ann', 'Me', 1)],
    durationMs: 20_000,
    wrongDigitsStay: true,
  };
  const at = (ms: number) => replayAt(solve, ms)[0]!;

  it('draws the wrong digit until the next move on its cell, flashing only at first', () => {
    expect(at(1000)).toMatchObject({ flashes: [{ cell: 0, digit: 7 }], board: PUZZLE });
    expect(at(2999)).toMatchObject({ flashes: [], standing: [{ cell: 0, digit: 7 }] });
    expect(at(2999)).toMatchObject({ filled: 0, mistakes: 1 });
    expect(at(3000)).toMatchObject({ standing: [], board: put(PUZZLE, 0, '5'), filled: 1 });
  });

  it('hides a right digit that a wrong one replaced, until the cell changes again', () => {
    expect(at(8999)).toMatchObject({ board: put(put(PUZZLE, 0, '5'), 1, '3'), filled: 2 });
    const replaced = at(10_000);
    expect(replaced).toMatchObject({ board: put(PUZZLE, 0, '5'), filled: 1, percent: 25 });
    expect(replaced.standing).toEqual([{ cell: 1, digit: 8 }]);
    expect(at(12_000)).toMatchObject({ board: put(PUZZLE, 0, '5'), standing: [] });
  });

  it('keeps the wrong digits standing at the end, where nothing flashes', () => {
    expect(at(20_000)).toMatchObject({ flashes: [], standing: [{ cell: 2, digit: 9 }] });
  });

  it('is what a solve record replays to', () => {
    const replay = replayOfSolve({
      id: 's1',
      source: 'solo',
      variant: 'classic',
      difficulty: 'easy',
      puzzle: PUZZLE,
      solution: SOLUTION,
      nickname: 'Me',
      startedAt: 1,
      timeMs: 9000,
      mistakes: 1,
      moves: [
        { at: 400, cell: 0, digit: 5, verdict: 'correct' },
        { at: 900, cell: 0, digit: 6, verdict: 'wrong' },
      ],
    });
    expect(replay?.wrongDigitsStay).toBe(true);
    expect(replayAt(replay!, 9000)[0]).toMatchObject({
      board: PUZZLE,
      standing: [{ cell: 0, digit: 6 }],
    });
  });
});

describe('flashWindow', () => {
  it('keeps a wrong digit about 1.5 s of real time while playing, 1.5 s of race time paused', () => {
    expect(flashWindow({ playing: true, speed: 16 })).toBe(16 * FLASH_MS);
    expect(flashWindow({ playing: true, speed: 1 })).toBe(FLASH_MS);
    expect(flashWindow({ playing: false, speed: 16 })).toBe(FLASH_MS);
    // At 16×, 10 s after Bob's wrong 7: still flashing while playing, gone from a paused frame.
    const wrongOnly = record(race.moves.slice(0, 3));
    const frame = (playing: boolean) =>
      replayAt(wrongOnly, 12_000, { flashMs: flashWindow({ playing, speed: 16 }) })[1]!;
    expect(frame(false).flashes).toEqual([]);
    expect(frame(true).flashes).toEqual([{ cell: 0, digit: 7 }]);
  });
});

describe('timelineMarks', () => {
  it('marks every wrong move and each finish, in time order', () => {
    expect(timelineMarks(race)).toEqual([
      { at: 2000, kind: 'mistake', playerId: 'bob' },
      { at: 8000, kind: 'finish', playerId: 'ann' },
    ]);
  });
});

describe('move stepping', () => {
  it('finds the next and previous move, of anyone or of one player', () => {
    expect(nextMoveAt(race, 1000)).toBe(2000);
    expect(nextMoveAt(race, 1000, 'ann')).toBe(3000);
    expect(nextMoveAt(race, 8000)).toBeUndefined();
    expect(previousMoveAt(race, 4000)).toBe(3000);
    expect(previousMoveAt(race, 4000, 'bob')).toBe(2000);
    expect(previousMoveAt(race, 1000)).toBeUndefined();
    expect([movesBy(race, 0), movesBy(race, 4000), movesBy(race, 9000)]).toEqual([0, 4, 8]);
  });
});
