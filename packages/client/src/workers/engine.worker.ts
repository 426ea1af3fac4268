/**
 * The engine off the main thread: generation, hints and the SAT solver can take seconds and
 * must not freeze the board. One request at a time; the page cancels a long one by
 * terminating the worker (generation is synchronous). A debrief is bounded by its budget.
 */
import {
  createRng,
  debriefRace,
  decodeModel,
  encodePuzzle,
  generate,
  getVariant,
  hint,
  checkImported,
  readPuzzle,
  solveCnf,
} from '@percent/engine';
import type {
  EngineRequest,
  EngineResponse,
  EngineResults,
  ImportAnswer,
  SatReport,
} from './protocol.ts';

interface WorkerScope {
  onmessage: ((event: MessageEvent<{ id: number; request: EngineRequest }>) => void) | null;
  postMessage(message: EngineResponse): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = ({ data: { id, request } }) => {
  try {
    scope.postMessage({ id, ok: true, result: handle(request) });
  } catch (error) {
    scope.postMessage({
      id,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    });
  }
};

function handle(request: EngineRequest): EngineResults[keyof EngineResults] {
  if (request.type === 'debrief')
    return debriefRace(request.inputs, { budgetMs: request.budgetMs });
  const variant = getVariant(request.variant);
  switch (request.type) {
    case 'generate': {
      const rng = createRng(request.seed);
      const options = {
        variant,
        rng,
        difficulty: request.difficulty,
        budget: { timeMs: request.timeMs },
      };
      const result = generate(options);
      if (result.status !== 'ok') return { timedOut: true };
      return {
        puzzle: result.puzzle,
        solution: result.solution,
        grade: result.grade,
        clues: result.clues,
      };
    }
    case 'hint':
      return hint(request.puzzle, request.board, variant, request.solution);
    case 'sat':
      return solveWithSat(request.puzzle, variant);
    case 'import':
      return importPuzzle(request.text, variant);
  }
}

/** Budget for checking a brought puzzle: a proper one takes milliseconds. */
const IMPORT_BUDGET_MS = 5_000;

function importPuzzle(text: string, variant: ReturnType<typeof getVariant>): ImportAnswer {
  const read = readPuzzle(text);
  if (!read.ok) return read;
  const check = checkImported(read.grid, variant, { budget: { timeMs: IMPORT_BUDGET_MS } });
  if (!check.ok) return { ok: false, check };
  const { puzzle, solution, grade, clues } = check;
  return { ok: true, puzzle, solution, grade, clues };
}

function solveWithSat(puzzle: Uint8Array, variant: ReturnType<typeof getVariant>): SatReport {
  const cnf = encodePuzzle(variant, puzzle);
  const result = solveCnf(cnf, { budget: { timeMs: 20_000 } });
  const base = { vars: cnf.numVars, clauses: cnf.clauses.length, stats: result.stats };
  if (result.status === 'sat')
    return { ...base, status: 'solved', solution: decodeModel(result.model) };
  return { ...base, status: result.status === 'unsat' ? 'unsolvable' : 'unknown' };
}
