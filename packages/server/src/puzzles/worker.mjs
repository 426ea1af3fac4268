// Worker-thread entry of the puzzle pool. Plain JavaScript so that Node can start it as it
// is, under `tsx src/main.ts` and under vitest alike; it loads the TypeScript task through
// tsx's scoped loader (which also compiles the task's imports, e.g. @percent/engine).
import { tsImport } from 'tsx/esm/api';

const task = await tsImport('./generate-task.ts', import.meta.url);

export default task.default;
export const grade = task.grade;
