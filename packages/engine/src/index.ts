export * from './cnf/formula.ts';
export * from './sat/types.ts';
export * from './rng.ts';
export * from './cnf/generators.ts';
export * from './sat/solver.ts';
export * from './cnf/dimacs.ts';
export * from './cnf/dimacs-write.ts';
