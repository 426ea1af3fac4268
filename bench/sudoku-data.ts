import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseGrid, type Grid } from '@percent/engine';

/**
 * The shared sudoku collection (`../shared/data/sudoku` beside the repo, or
 * `$PERCENT_SUDOKU_DATA`): one folder per set with `puzzles.txt` (81 chars a line, `.` or
 * `0` blank) and, for the Andoku sets, `levels.txt` (source level 1..5 per line).
 */
export function sudokuDataDir(repoRoot: string): string {
  return (
    process.env.PERCENT_SUDOKU_DATA ?? path.resolve(repoRoot, '..', 'shared', 'data', 'sudoku')
  );
}

export interface PuzzleSet {
  readonly name: string;
  /** The folder, for skip messages. */
  readonly dir: string;
  readonly puzzles: readonly Grid[];
  /** Andoku's level 1..5 per puzzle, when the set has `levels.txt`. */
  readonly levels?: readonly number[];
}

/** The set, capped at `limit` puzzles; undefined when its `puzzles.txt` is absent. */
export async function loadSet(
  root: string,
  name: string,
  limit: number,
): Promise<PuzzleSet | undefined> {
  const dir = path.join(root, name);
  const file = path.join(dir, 'puzzles.txt');
  if (!existsSync(file)) return undefined;
  const lines = (await readFile(file, 'utf8')).split('\n').filter((l) => l.trim() !== '');
  const chosen = lines.slice(0, Math.min(limit, lines.length));
  const puzzles = chosen.map((line, i) => {
    const parsed = parseGrid(line.trim());
    if (!parsed.ok) {
      throw new Error(`${file}:${i + 1}: ${parsed.error.message} at ${parsed.error.position}`);
    }
    return parsed.grid;
  });
  const levelsFile = path.join(dir, 'levels.txt');
  if (!existsSync(levelsFile)) return { name, dir, puzzles };
  const levels = (await readFile(levelsFile, 'utf8'))
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(0, puzzles.length)
    .map((l, i) => {
      const level = Number(l);
      if (!Number.isInteger(level)) throw new Error(`${levelsFile}:${i + 1}: not a level: '${l}'`);
      return level;
    });
  return { name, dir, puzzles, levels };
}
