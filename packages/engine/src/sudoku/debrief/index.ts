export * from './types.ts';
export { debrief, MAX_CHAIN_STEPS } from './debrief.ts';
export { simulatePlayer, type SimulateOptions, type SimulatedPlayer } from './simulate.ts';
