import {
  cellName,
  checkImported,
  createRng,
  describeConflict,
  formatGrid,
  generate,
  getVariant,
  gradePuzzle,
  parseGrid,
  readPuzzle,
  isDifficulty,
  isVariantId,
  type DifficultyName,
  type VariantIdName,
} from '@percent/engine';

/** One puzzle to make, sent to a worker thread. */
export interface GenerateTask {
  readonly variant: VariantIdName;
  readonly difficulty: DifficultyName;
  /** Seeds the engine's rng, so a puzzle can be made again from its log line. */
  readonly seed: string;
  readonly timeMs: number;
}

export type GenerateTaskResult =
  | {
      readonly status: 'ok';
      readonly puzzle: string;
      readonly solution: string;
      readonly score: number;
      readonly clues: number;
      readonly attempts: number;
    }
  | { readonly status: 'unknown'; readonly reason: 'time' | 'aborted'; readonly attempts: number };

/** Runs in a worker thread (see `worker.mjs`): the event loop never generates. */
export default function generateTask(task: GenerateTask): GenerateTaskResult {
  if (!isVariantId(task.variant)) throw new Error(`unknown variant "${String(task.variant)}"`);
  if (!isDifficulty(task.difficulty))
    throw new Error(`unknown difficulty "${String(task.difficulty)}"`);
  const result = generate({
    variant: getVariant(task.variant),
    rng: createRng(task.seed),
    difficulty: task.difficulty,
    budget: { timeMs: task.timeMs },
  });
  if (result.status !== 'ok') return result;
  return {
    status: 'ok',
    puzzle: formatGrid(result.puzzle, '0'),
    solution: formatGrid(result.solution, '0'),
    score: result.grade.score,
    clues: result.clues,
    attempts: result.attempts,
  };
}

/** A puzzle to grade, sent to a worker thread (`run(task, { name: 'grade' })`). */
export interface GradeTask {
  readonly variant: VariantIdName;
  readonly puzzle: string;
  readonly solution: string;
}

export interface GradeTaskResult {
  readonly difficulty: DifficultyName;
  readonly score: number;
  readonly hardest: string;
  readonly solvedByLogic: boolean;
}

/** The engine's human grade, in a worker thread: a grade can take tens of milliseconds. */
export function grade(task: GradeTask): GradeTaskResult {
  if (!isVariantId(task.variant)) throw new Error(`unknown variant "${String(task.variant)}"`);
  const puzzle = parseGrid(task.puzzle);
  const solution = parseGrid(task.solution);
  if (!puzzle.ok) throw new Error(`puzzle: ${puzzle.error.message}`);
  if (!solution.ok) throw new Error(`solution: ${solution.error.message}`);
  const result = gradePuzzle(puzzle.grid, getVariant(task.variant), solution.grid);
  return {
    difficulty: result.difficulty,
    score: result.score,
    hardest: result.hardest,
    solvedByLogic: result.solvedByLogic,
  };
}

/** A brought puzzle to check under a variant (`run(task, { name: 'check' })`). */
export interface CheckTask {
  readonly variant: VariantIdName;
  readonly text: string;
  readonly timeMs: number;
}

/** Its one solution and grade, or why it is refused (in English, for the error message). */
export type CheckTaskResult =
  | {
      readonly ok: true;
      readonly puzzle: string;
      readonly solution: string;
      readonly difficulty: DifficultyName;
      readonly clues: number;
    }
  | { readonly ok: false; readonly reason: string };

/**
 * `room:puzzle`, in a worker thread: reading and checking a brought puzzle (one solution under
 * the variant, then graded) can take as long as its budget when the puzzle is a bad one.
 */
export function check(task: CheckTask): CheckTaskResult {
  if (!isVariantId(task.variant)) throw new Error(`unknown variant "${String(task.variant)}"`);
  const read = readPuzzle(task.text);
  if (!read.ok) return { ok: false, reason: `cannot be read (${read.problem.kind})` };
  const variant = getVariant(task.variant);
  const checked = checkImported(read.grid, variant, { budget: { timeMs: task.timeMs } });
  if (checked.ok)
    return {
      ok: true,
      puzzle: formatGrid(checked.puzzle, '0'),
      solution: formatGrid(checked.solution, '0'),
      difficulty: checked.grade.difficulty,
      clues: checked.clues,
    };
  switch (checked.reason) {
    case 'clash':
      return { ok: false, reason: `two givens clash: ${describeConflict(checked.conflict)}` };
    case 'noSolution':
      return { ok: false, reason: `it has no solution under the ${task.variant} rules` };
    case 'severalSolutions':
      return {
        ok: false,
        reason: `it has more than one solution under the ${task.variant} rules (they differ at ${checked.cells.map(cellName).join(' and ')})`,
      };
    case 'unknown':
      return { ok: false, reason: 'it could not be checked in time' };
  }
}
