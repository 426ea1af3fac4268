export * from './types.ts';
export { debrief, debriefRace, MAX_CHAIN_STEPS, MAX_CONTRADICTION_STEPS } from './debrief.ts';
export { simulatePlayer, type SimulateOptions, type SimulatedPlayer } from './simulate.ts';
