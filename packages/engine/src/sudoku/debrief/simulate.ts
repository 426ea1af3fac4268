import { shuffle, type Rng } from '../../rng.ts';
import { CELLS, type CellIndex, type Digit, type Grid } from '../grid.ts';
import type { Variant } from '../variant.ts';
import type { DebriefMove } from './types.ts';

export interface SimulateOptions {
  /** Wrong digits that repeat one already in a house of the cell. */
  readonly clashes: number;
  /** Wrong digits that repeat nothing on the board at that moment. */
  readonly quiet: number;
  /** Long pauses (25–60 s) spread through the solve. */
  readonly pauses: number;
}

export interface SimulatedPlayer {
  readonly moves: DebriefMove[];
  /** When the board became full. */
  readonly endMs: number;
}

/**
 * A plausible player for tests and the bench, from a seeded rng: fills the blanks in a random
 * order 2–12 s apart, with wrong entries of both kinds (each later corrected) and long pauses
 * at random points. Not a model of how people solve, only of what a debrief must read.
 */
export function simulatePlayer(
  puzzle: Grid,
  solution: Grid,
  variant: Variant,
  rng: Rng,
  options: SimulateOptions,
): SimulatedPlayer {
  const blanks = shuffle(
    [...Array(CELLS).keys()].filter((cell) => puzzle[cell] === 0),
    rng,
  );
  // Quiet mistakes need a wrong candidate somewhere: they come in the first half of the solve.
  const clashAt = pick(blanks.length, options.clashes, rng);
  const quietAt = pick(Math.ceil(blanks.length / 2), options.quiet, rng);
  const pauseAt = new Set(pick(blanks.length, options.pauses, rng));
  const board = Uint8Array.from(puzzle);
  const moves: DebriefMove[] = [];
  let now = 0;
  const tick = (i: number): number =>
    (now += pauseAt.has(i) ? 25_000 + rng.int(35_000) : 2_000 + rng.int(10_000));
  blanks.forEach((cell, i) => {
    for (const clash of [true, false]) {
      if (!(clash ? clashAt : quietAt).includes(i)) continue;
      const wrong = wrongEntry(board, solution, variant, blanks.slice(i), clash, rng);
      if (wrong !== undefined) moves.push({ at: tick(i), ...wrong, verdict: 'wrong' });
    }
    board[cell] = solution[cell]!;
    moves.push({ at: tick(i), cell, digit: solution[cell]!, verdict: 'correct' });
  });
  return { moves, endMs: now };
}

/** `count` distinct indices below `n`, ascending. */
function pick(n: number, count: number, rng: Rng): number[] {
  return shuffle([...Array(n).keys()], rng)
    .slice(0, count)
    .sort((a, b) => a - b);
}

/**
 * A wrong digit in one of `open` (blank cells) that clashes with the board, or that does not
 * (a candidate of the cell other than its solution digit); undefined when no cell has one.
 */
function wrongEntry(
  board: Grid,
  solution: Grid,
  variant: Variant,
  open: readonly CellIndex[],
  clash: boolean,
  rng: Rng,
): { cell: CellIndex; digit: Digit } | undefined {
  const choices = open.flatMap((cell) => {
    const seen = new Set(variant.peers[cell]!.map((peer) => board[peer]!));
    return [1, 2, 3, 4, 5, 6, 7, 8, 9]
      .filter((d) => d !== solution[cell] && seen.has(d) === clash)
      .map((digit) => ({ cell, digit }));
  });
  return choices.length === 0 ? undefined : choices[rng.int(choices.length)];
}
