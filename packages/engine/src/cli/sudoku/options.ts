import { InvalidArgumentError, Option } from 'commander';
import { createRng, type Rng } from '../../rng.ts';
import { CELLS } from '../../sudoku/grid.ts';
import { VARIANT_IDS, type VariantIdName } from '../../sudoku/variant.ts';

/**
 * Options shared by the sudoku commands. Values are checked while commander parses, so a bad
 * value is reported as `error: option '--holes <a-b>' argument '60-20' is invalid. …`, exit 1.
 */

/** The rules every sudoku command applies unless told otherwise: the game's own. */
export const DEFAULT_VARIANT: VariantIdName = 'percent';

/** `--variant classic|percent|x|windoku`, default percent. */
export function variantOption(): Option {
  return new Option('--variant <rules>', 'sudoku rules: extra houses beyond rows, columns, boxes')
    .choices(VARIANT_IDS)
    .default(DEFAULT_VARIANT);
}

/** A whole number in 1..max, for `--count`. */
export function countParser(max: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n <= 0 || n > max) {
      throw new InvalidArgumentError(
        `expected a whole number from 1 to ${max.toLocaleString('en-US')}.`,
      );
    }
    return n;
  };
}

/** A positive whole number of milliseconds. */
export function parseMilliseconds(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n <= 0) {
    throw new InvalidArgumentError('expected a positive whole number of milliseconds.');
  }
  return n;
}

export interface HolesRange {
  readonly min: number;
  readonly max: number;
}

/** `A-B` (inclusive, 0 ≤ A ≤ B ≤ 81) or a single `N` meaning exactly N blanks. */
export function parseHoles(value: string): HolesRange {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(value);
  if (match === null) throw new InvalidArgumentError('expected A-B (e.g. 45-55) or one number.');
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  if (max > CELLS) throw new InvalidArgumentError(`a grid has only ${CELLS} cells.`);
  if (min > max) {
    throw new InvalidArgumentError(
      `the minimum ${min} is above the maximum ${max}; write ${max}-${min}.`,
    );
  }
  return { min, max };
}

/** The seed as given: digits become a number so `--seed 7` and the API's `createRng(7)` agree. */
export function parseSeed(value: string): string | number {
  const text = value.trim();
  if (text === '') throw new InvalidArgumentError('expected a number or a word.');
  return /^\d{1,15}$/.test(text) ? Number(text) : text;
}

/** The run's random numbers: from `--seed`, or a fresh seed that is returned for reporting. */
export function seededRng(seed: string | number | undefined): { rng: Rng; seed: string | number } {
  const used = seed ?? Math.floor(Math.random() * 1e9);
  return { rng: createRng(used), seed: used };
}
