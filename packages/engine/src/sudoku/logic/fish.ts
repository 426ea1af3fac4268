import { cellAt, type CellIndex, type Digit } from '../grid.ts';
import { popcount } from '../../bits.ts';
import { bit, type LogicState } from './candidates.ts';
import { cellList, eliminationList, joinWords } from './explain.ts';
import { Technique, type CellDigit, type Step } from './types.ts';

/**
 * Basic fish on rows and columns: X-wing (k = 2) and swordfish (k = 3). When a digit's places
 * in k rows all fall in the same k columns, those columns take the digit in those rows, so it
 * leaves the rest of the columns (and the same with rows and columns swapped).
 */
export function findFish(state: LogicState, k: 2 | 3): Step | undefined {
  for (let digit = 1; digit <= 9; digit++) {
    for (const byRow of [true, false]) {
      const step = fishFor(state, digit, k, byRow);
      if (step) return step;
    }
  }
  return undefined;
}

const at = (line: number, pos: number, byRow: boolean): CellIndex =>
  byRow ? cellAt(line, pos) : cellAt(pos, line);

function fishFor(state: LogicState, digit: Digit, k: 2 | 3, byRow: boolean): Step | undefined {
  const mask = bit(digit);
  // positions[line]: bit p set when the digit may go at position p of that line.
  const positions: number[] = [];
  for (let line = 0; line < 9; line++) {
    let m = 0;
    for (let pos = 0; pos < 9; pos++) if (state.cands[at(line, pos, byRow)]! & mask) m |= 1 << pos;
    positions.push(m);
  }
  const bases = [...positions.keys()].filter((l) => {
    const n = popcount(positions[l]!);
    return n >= 2 && n <= k;
  });
  for (const lines of lineSets(bases, k)) {
    let cover = 0;
    for (const line of lines) cover |= positions[line]!;
    if (popcount(cover) !== k) continue;
    const eliminations: CellDigit[] = [];
    for (let line = 0; line < 9; line++) {
      if (lines.includes(line)) continue;
      for (let pos = 0; pos < 9; pos++) {
        const cell = at(line, pos, byRow);
        if (cover & (1 << pos) && state.cands[cell]! & mask) eliminations.push({ cell, digit });
      }
    }
    if (eliminations.length > 0)
      return fishStep(state, digit, k, byRow, lines, cover, eliminations);
  }
  return undefined;
}

function lineSets(bases: readonly number[], k: number): number[][] {
  const sets: number[][] = [];
  const walk = (from: number, chosen: number[]): void => {
    if (chosen.length === k) {
      sets.push([...chosen]);
      return;
    }
    for (let i = from; i < bases.length; i++) walk(i + 1, [...chosen, bases[i]!]);
  };
  walk(0, []);
  return sets;
}

function fishStep(
  state: LogicState,
  digit: Digit,
  k: 2 | 3,
  byRow: boolean,
  lines: readonly number[],
  cover: number,
  eliminations: CellDigit[],
): Step {
  const covers = [0, 1, 2, 3, 4, 5, 6, 7, 8].filter((p) => cover & (1 << p));
  const cells = lines.flatMap((line) =>
    covers.map((pos) => at(line, pos, byRow)).filter((c) => state.cands[c]! & bit(digit)),
  );
  const [baseWord, coverWord] = byRow ? ['rows', 'columns'] : ['columns', 'rows'];
  const name = k === 2 ? 'X-wing' : 'Swordfish';
  const baseHouses = lines.map((l) => (byRow ? l : 9 + l));
  const coverHouses = covers.map((p) => (byRow ? 9 + p : p));
  return {
    technique: k === 2 ? Technique.xWing : Technique.swordfish,
    placements: [],
    eliminations,
    cells: cells.sort((a, b) => a - b),
    houses: [...baseHouses, ...coverHouses],
    digits: [digit],
    get explanation() {
      return (
        `${name}: in ${baseWord} ${joinWords(lines.map((l) => String(l + 1)))}, ${digit} can go only in ` +
        `${coverWord} ${joinWords(covers.map((p) => String(p + 1)))} (${cellList(cells)}), so those ` +
        `${coverWord} take their ${digit} there. Remove ${eliminationList(eliminations)}.`
      );
    },
  };
}
