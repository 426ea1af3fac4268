/** Test fixtures: fixed puzzles and moves for the debrief's tests. */
import { parseGrid, type Grid } from '../grid.ts';
import { cell } from '../logic/testing.ts';
import { getVariant } from '../variant.ts';
import type { DebriefInput, DebriefMove } from './types.ts';

export const variant = getVariant('percent');
// Seeded percent puzzles (generate, rng 'debrief-test-easy' / '-expert'), fixed here.
export const EASY =
  '010640000490018000000009500080000020002000000000005730001006480640000200000000000';
export const EASY_SOLUTION =
  '513642879497518362826379541384167925752934618169825734931256487645781293278493156';
export const EXPERT =
  '020060000001000000000007640000009000200000000040000000900000000057004003300000900';
export const EXPERT_SOLUTION =
  '428961357671435289539287641186579432295348716743126895962813574857694123314752968';

export const grid = (text: string): Grid => {
  const parsed = parseGrid(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.grid;
};
export const right = (name: string): DebriefMove => {
  const c = cell(name);
  return { at: 0, cell: c, digit: Number(EASY_SOLUTION[c]), verdict: 'correct' };
};
export const wrong = (name: string, digit: number): DebriefMove => ({
  at: 0,
  cell: cell(name),
  digit,
  verdict: 'wrong',
});
/** The moves 1 s apart, starting at 1 s. */
export const timed = (moves: readonly DebriefMove[]): DebriefMove[] =>
  moves.map((move, i) => ({ ...move, at: 1000 * (i + 1) }));
export const easyRace = (
  moves: readonly DebriefMove[],
  extra: Partial<DebriefInput> = {},
): DebriefInput => ({
  variant: 'percent' as const,
  puzzle: EASY,
  solution: EASY_SOLUTION,
  moves,
  endMs: moves.at(-1)?.at ?? 0,
  ...extra,
});
