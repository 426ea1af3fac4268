import { cellName, CELLS, type CellIndex } from '../grid.ts';
import { seesEachOther } from '../variant.ts';
import { popcount } from '../../bits.ts';
import { bit, digitsOf, firstDigit, type LogicState } from './candidates.ts';
import { eliminationList } from './explain.ts';
import { Technique, type CellDigit, type Step } from './types.ts';

/**
 * XY-wing: a pivot with candidates {x, y} sees two pincers {x, z} and {y, z}. Whichever digit
 * the pivot takes, one pincer is z, so z leaves every cell that sees both pincers.
 */
export function findXyWing(state: LogicState): Step | undefined {
  const { variant, cands } = state;
  for (let pivot = 0; pivot < CELLS; pivot++) {
    if (popcount(cands[pivot]!) !== 2) continue;
    const wings = variant.peers[pivot]!.filter((p) => popcount(cands[p]!) === 2);
    for (let i = 0; i < wings.length; i++) {
      for (let j = i + 1; j < wings.length; j++) {
        const step = tryWing(state, pivot, wings[i]!, wings[j]!);
        if (step) return step;
      }
    }
  }
  return undefined;
}

function tryWing(
  state: LogicState,
  pivot: CellIndex,
  a: CellIndex,
  b: CellIndex,
): Step | undefined {
  const { cands, variant } = state;
  const p = cands[pivot]!;
  const ma = cands[a]!;
  const mb = cands[b]!;
  const z = ma & mb & ~p;
  // Each pincer shares exactly one digit with the pivot, different ones, and z with the other.
  if (popcount(z) !== 1 || popcount(ma & p) !== 1 || popcount(mb & p) !== 1) return undefined;
  if ((ma & p) === (mb & p) || (ma | mb | p) !== (p | z)) return undefined;
  const digit = firstDigit(z);
  const eliminations: CellDigit[] = [];
  for (const cell of variant.peers[a]!) {
    if (cell === b || cell === pivot || (cands[cell]! & bit(digit)) === 0) continue;
    if (seesEachOther(variant, cell, b)) eliminations.push({ cell, digit });
  }
  if (eliminations.length === 0) return undefined;
  const [x, y] = digitsOf(p);
  return {
    technique: Technique.xyWing,
    placements: [],
    eliminations,
    cells: [pivot, a, b],
    houses: [],
    digits: [x!, y!, digit],
    get explanation() {
      return (
        `XY-wing: ${cellName(pivot)} is ${x} or ${y}; ${cellName(a)} and ${cellName(b)} see it and ` +
        `each holds one of those with ${digit}, so one of them is ${digit}. ` +
        `Remove ${eliminationList(eliminations)}.`
      );
    },
  };
}
