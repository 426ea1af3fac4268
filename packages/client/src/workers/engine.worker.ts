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
  solveCnf,
} from '@percent/engine';
import type { EngineRequest, EngineResponse, EngineResults, SatReport } from './protocol.ts';

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
  }
}

function solveWithSat(puzzle: Uint8Array, variant: ReturnType<typeof getVariant>): SatReport {
  const cnf = encodePuzzle(variant, puzzle);
  const result = solveCnf(cnf, { budget: { timeMs: 20_000 } });
  const base = { vars: cnf.numVars, clauses: cnf.clauses.length, stats: result.stats };
  if (result.status === 'sat')
    return { ...base, status: 'solved', solution: decodeModel(result.model) };
  return { ...base, status: result.status === 'unsat' ? 'unsolvable' : 'unknown' };
}
