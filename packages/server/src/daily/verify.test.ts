import { describe, expect, it } from 'vitest';
import type { DailyMove } from '@percent/protocol';
import { verifySolve, verifyStart } from './verify.ts';

// A solved classic grid, with the first row's first three cells and R9C9 blank.
const SOLUTION =
  '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
const PUZZLE = '000' + SOLUTION.slice(3, 80) + '0';

const solving: DailyMove[] = [
  { at: 1000, cell: 0, digit: 5 },
  { at: 2500, cell: 1, digit: 3 },
  { at: 4000, cell: 2, digit: 4 },
  { at: 9000, cell: 80, digit: 9 },
];

describe('verifying a posted daily solve', () => {
  it('accepts moves that end on the solution; the time is the last move, no mistakes', () => {
    expect(verifySolve(PUZZLE, SOLUTION, solving)).toEqual({ ok: true, timeMs: 9000, mistakes: 0 });
  });

  it('counts each wrong digit as a mistake, even when it is corrected later', () => {
    const moves: DailyMove[] = [
      { at: 500, cell: 0, digit: 7 },
      { at: 700, cell: 0, digit: 0 },
      { at: 800, cell: 80, digit: 1 },
      ...solving,
    ];
    expect(verifySolve(PUZZLE, SOLUTION, moves)).toEqual({ ok: true, timeMs: 9000, mistakes: 2 });
  });

  it('rejects a final board that is not the solution, naming the cell', () => {
    const moves = solving.slice(0, 3);
    expect(verifySolve(PUZZLE, SOLUTION, moves)).toEqual({
      ok: false,
      field: 'moves',
      message: 'the final board is not the solution: R9C9 is empty',
    });
    const wrongLast = [...solving.slice(0, 3), { at: 9000, cell: 80, digit: 8 }];
    expect(verifySolve(PUZZLE, SOLUTION, wrongLast)).toMatchObject({
      ok: false,
      message: 'the final board is not the solution: R9C9 holds 8',
    });
  });

  it('rejects times that go backwards, naming the move', () => {
    const moves = [solving[0]!, { ...solving[1]!, at: 900 }, solving[2]!, solving[3]!];
    expect(verifySolve(PUZZLE, SOLUTION, moves)).toEqual({
      ok: false,
      field: 'moves[1].at',
      message: 'times must not decrease (900 after 1000)',
    });
  });

  it('rejects a move on a given', () => {
    expect(verifySolve(PUZZLE, SOLUTION, [{ at: 10, cell: 3, digit: 6 }, ...solving])).toEqual({
      ok: false,
      field: 'moves[0].cell',
      message: 'R1C4 is a given',
    });
  });
});

describe("checking a posted solve against its start on the server's clock", () => {
  const start = {
    startId: 'start-aaaaaaaaaaaa',
    day: '2026-11-25',
    variant: 'x',
    deviceId: 'device-ann-1',
    startedAt: 100_000,
  };
  const solve = { day: '2026-11-25', variant: 'x', deviceId: 'device-ann-1', timeMs: 60_000 };

  it('takes a stopwatch behind the server, or at most 2 s ahead of it', () => {
    expect(verifyStart(start, solve, 100_000 + 90_000)).toEqual({ ok: true, start });
    expect(verifyStart(start, solve, 100_000 + 58_000).ok).toBe(true);
    expect(verifyStart(start, solve, 100_000 + 57_999)).toEqual({
      ok: false,
      field: 'moves',
      message: 'the solve claims 60.0 s but began 58.0 s ago on the server',
    });
  });

  it("refuses no start, another device's, or one of another day or variant", () => {
    const refused = {
      ok: false,
      field: 'startId',
      message: 'no start of 2026-11-25/x by this device',
    };
    expect(verifyStart(undefined, solve, 200_000)).toEqual(refused);
    expect(verifyStart({ ...start, deviceId: 'device-bob-1' }, solve, 200_000)).toEqual(refused);
    expect(verifyStart({ ...start, day: '2026-11-24' }, solve, 200_000)).toEqual(refused);
    expect(verifyStart({ ...start, variant: 'percent' }, solve, 200_000)).toEqual(refused);
  });
});
