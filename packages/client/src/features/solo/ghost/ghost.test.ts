import { describe, expect, it } from 'vitest';
import { ghostAt, ghostFinish, ghostOutcome, type GhostTrack } from './ghost.ts';

const SOLUTION =
  '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
// Four blanks: R1C1, R1C2, R1C3, R9C9.
const PUZZLE = '000' + SOLUTION.slice(3, 80) + '0';

const track: GhostTrack = {
  name: 'Ann',
  puzzle: PUZZLE,
  solution: SOLUTION,
  moves: [
    { at: 1000, cell: 0, digit: 5 },
    { at: 2000, cell: 1, digit: 9 }, // wrong
    { at: 3000, cell: 1, digit: 3 }, // fixed
    { at: 5000, cell: 2, digit: 4 },
    { at: 8000, cell: 80, digit: 9 }, // the last blank
  ],
};

describe('a ghost on the stopwatch', () => {
  it('has done nothing before its first move', () => {
    expect(ghostAt(track, 999)).toEqual({
      board: PUZZLE,
      correct: 0,
      blanks: 4,
      percent: 0,
      mistakes: 0,
      finishedAt: null,
    });
  });

  it('shows each digit from its real time on, wrong ones counted and replaced', () => {
    const at2 = ghostAt(track, 2000);
    expect(at2.board.slice(0, 3)).toBe('590');
    expect([at2.correct, at2.percent, at2.mistakes]).toEqual([1, 25, 1]);
    const at3 = ghostAt(track, 3000);
    expect(at3.board.slice(0, 3)).toBe('530');
    expect([at3.correct, at3.percent, at3.mistakes]).toEqual([2, 50, 1]);
    expect(ghostAt(track, 7999).finishedAt).toBeNull();
  });

  it('finishes when its board becomes the solution', () => {
    const end = ghostAt(track, 8000);
    expect(end.board).toBe(SOLUTION);
    expect([end.percent, end.finishedAt]).toEqual([100, 8000]);
    expect(ghostFinish(track)).toBe(8000);
    expect(ghostAt(track, 60_000)).toEqual(end);
  });

  it('counts a cleared correct digit as progress lost', () => {
    const cleared: GhostTrack = {
      ...track,
      moves: [track.moves[0]!, { at: 1500, cell: 0, digit: 0 }],
    };
    expect(ghostAt(cleared, 1200).correct).toBe(1);
    expect(ghostAt(cleared, 1500)).toMatchObject({ correct: 0, mistakes: 0, board: PUZZLE });
    expect(ghostFinish(cleared)).toBeNull();
  });
});

describe('who won against the ghost', () => {
  it('says by how much you beat it, or it beat you, or a tie', () => {
    expect(ghostOutcome(track, 5000)).toEqual({ winner: 'you', marginMs: 3000 });
    expect(ghostOutcome(track, 20_000)).toEqual({ winner: 'ghost', marginMs: 12_000 });
    expect(ghostOutcome(track, 8050)).toEqual({ winner: 'tie' });
  });

  it('gives the win to any finish when the ghost never finished', () => {
    const unfinished = { ...track, moves: track.moves.slice(0, 3) };
    expect(ghostOutcome(unfinished, 99_000)).toEqual({ winner: 'you', marginMs: null });
  });
});
