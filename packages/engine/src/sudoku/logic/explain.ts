import { cellName, type CellIndex, type Digit } from '../grid.ts';
import type { CellDigit } from './types.ts';

/** "a", "a and b", "a, b and c". */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

export const cellList = (cells: readonly CellIndex[]): string => joinWords(cells.map(cellName));
export const digitList = (digits: readonly Digit[]): string => joinWords(digits.map(String));

/** "7 from R5C7 and R5C8; 3 from R1C1", grouped by digit. */
export function eliminationList(eliminations: readonly CellDigit[]): string {
  const byDigit = new Map<Digit, CellIndex[]>();
  for (const { cell, digit } of eliminations) {
    const cells = byDigit.get(digit);
    if (cells) cells.push(cell);
    else byDigit.set(digit, [cell]);
  }
  return [...byDigit]
    .sort(([a], [b]) => a - b)
    .map(([digit, cells]) => `${digit} from ${cellList(cells)}`)
    .join('; ');
}
