export * from './types.ts';
export { difficultyOf, gradePuzzle } from './grade.ts';
export { hint, wrongEntries } from './hint.ts';
export { nextStep, solveLogically } from './solve.ts';
export { TECHNIQUES, SEARCH_WEIGHT } from './techniques.ts';
