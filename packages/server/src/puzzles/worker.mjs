// Worker-thread entry of the puzzle pool. Plain JavaScript so that Node can start it as it
// is, under `tsx src/main.ts` and under vitest alike; it loads the TypeScript task through
// tsx's scoped loader (which also compiles the task's imports, e.g. @percent/engine).
import { setPriority } from 'node:os';
import { tsImport } from 'tsx/esm/api';

// Generation is background work: on Linux the nice value is per thread, and pid 0 names the
// calling thread, so this lowers only this worker's priority. When every core is busy the
// event loop (acks, broadcasts) goes first and the shelves refill in what is left; with a
// core idle it changes nothing. Elsewhere it may be refused (or be per process): ignored.
const PUZZLE_THREAD_NICE = 10;
try {
  setPriority(0, PUZZLE_THREAD_NICE);
} catch {
  // Not permitted here: generation runs at the server's priority, as before.
}

const task = await tsImport('./generate-task.ts', import.meta.url);

export default task.default;
export const grade = task.grade;
export const check = task.check;
