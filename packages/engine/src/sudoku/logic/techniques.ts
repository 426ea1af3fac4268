import type { LogicState } from './candidates.ts';
import { findFish } from './fish.ts';
import { findLockedCandidates } from './intersections.ts';
import { findFullHouse, findHiddenSingle, findNakedSingle } from './singles.ts';
import { findHiddenSubset, findNakedSubset } from './subsets.ts';
import { Technique, type DifficultyName, type Step, type TechniqueName } from './types.ts';
import { findXyWing } from './wings.ts';

export interface TechniqueSpec {
  readonly id: TechniqueName;
  /** How hard a person finds it; the grader's score is built from these. */
  readonly weight: number;
  /** The lowest difficulty whose puzzles may need it. */
  readonly level: DifficultyName;
  /** The first instance that makes progress on this state, or undefined. */
  readonly find: (state: LogicState) => Step | undefined;
}

/** Easiest first: the solver always takes the easiest step available, as graders do. */
export const TECHNIQUES: readonly TechniqueSpec[] = [
  { id: Technique.fullHouse, weight: 1.0, level: 'easy', find: findFullHouse },
  { id: Technique.hiddenSingle, weight: 1.2, level: 'easy', find: findHiddenSingle },
  { id: Technique.nakedSingle, weight: 2.3, level: 'easy', find: findNakedSingle },
  { id: Technique.lockedCandidates, weight: 2.6, level: 'medium', find: findLockedCandidates },
  { id: Technique.nakedPair, weight: 3.0, level: 'hard', find: (s) => findNakedSubset(s, 2) },
  { id: Technique.xWing, weight: 3.2, level: 'hard', find: (s) => findFish(s, 2) },
  { id: Technique.hiddenPair, weight: 3.4, level: 'hard', find: (s) => findHiddenSubset(s, 2) },
  { id: Technique.nakedTriple, weight: 3.6, level: 'hard', find: (s) => findNakedSubset(s, 3) },
  { id: Technique.swordfish, weight: 3.8, level: 'hard', find: (s) => findFish(s, 3) },
  { id: Technique.hiddenTriple, weight: 4.0, level: 'hard', find: (s) => findHiddenSubset(s, 3) },
  { id: Technique.xyWing, weight: 4.2, level: 'hard', find: findXyWing },
  { id: Technique.nakedQuad, weight: 5.0, level: 'hard', find: (s) => findNakedSubset(s, 4) },
  { id: Technique.hiddenQuad, weight: 5.4, level: 'hard', find: (s) => findHiddenSubset(s, 4) },
];

const BY_ID = new Map(TECHNIQUES.map((t) => [t.id, t]));

export function techniqueSpec(id: TechniqueName): TechniqueSpec {
  return BY_ID.get(id)!;
}

/** Weight of a guess: what `expert` puzzles need when every technique is stuck. */
export const SEARCH_WEIGHT = 8;

/** The easiest step available, or undefined when every technique is stuck. */
export function findStep(state: LogicState): Step | undefined {
  for (const technique of TECHNIQUES) {
    const step = technique.find(state);
    if (step) return step;
  }
  return undefined;
}
