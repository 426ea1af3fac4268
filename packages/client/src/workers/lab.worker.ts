/**
 * The SAT lab's solver, off the main thread: parses the page's DIMACS text and solves it with
 * `solveCnfAsync`, reporting the statistics between 50 ms slices. One solve at a time; a
 * `cancel` aborts it at the next slice (the page terminates the worker if that takes too long,
 * e.g. inside preprocessing).
 */
import {
  checkDratAsync,
  concatBytes,
  MemoryProof,
  parseDimacs,
  solveCnfAsync,
  traceSearch,
  TRACE_MAX_CLAUSES,
  type Cnf,
  type SolveCnfOptions,
  type SolveResult,
} from '@percent/engine';
import type {
  Inspection,
  LabRequest,
  LabResponse,
  ProofCheck,
  RunConfig,
  RunOutcome,
} from './lab-protocol.ts';

interface WorkerScope {
  onmessage: ((event: MessageEvent<LabRequest>) => void) | null;
  postMessage(message: LabResponse, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
/** The solve in progress, by request id. */
const running = new Map<number, AbortController>();

scope.onmessage = ({ data: request }) => {
  if (request.type === 'cancel') {
    running.get(request.id)?.abort();
    return;
  }
  if (request.type === 'trace') {
    const { cnf } = inspect(request.text, request.file);
    if (!cnf) scope.postMessage({ type: 'failed', id: request.id, message: 'unreadable formula' });
    else if (cnf.clauses.length > TRACE_MAX_CLAUSES)
      scope.postMessage({
        type: 'failed',
        id: request.id,
        message: `more than ${TRACE_MAX_CLAUSES} clauses`,
      });
    else
      scope.postMessage({ type: 'traced', id: request.id, trace: traceSearch(cnf, request.mode) });
    return;
  }
  if (request.type === 'inspect') {
    const inspection = inspect(request.text, request.file).inspection;
    scope.postMessage({ type: 'inspected', id: request.id, inspection });
    return;
  }
  solve(request.id, request.text, request.file, request.runs).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    scope.postMessage({ type: 'failed', id: request.id, message });
  });
};

/** Parses `text`; on an error, the offending line comes along for the page to show. */
function inspect(text: string, file: string): { inspection: Inspection; cnf?: Cnf } {
  const parsed = parseDimacs(text, { fileName: file });
  if (!parsed.ok)
    return {
      inspection: { ok: false, error: parsed.error, lineText: lineAt(text, parsed.error.line) },
    };
  const { cnf, warnings } = parsed;
  return {
    inspection: { ok: true, vars: cnf.numVars, clauses: cnf.clauses.length, warnings },
    cnf,
  };
}

/** Line `line` (1-based) of `text` without its end, cut to 200 characters. */
function lineAt(text: string, line: number): string {
  let start = 0;
  for (let n = 1; n < line && start !== -1; n++) {
    const next = text.indexOf('\n', start);
    start = next === -1 ? -1 : next + 1;
  }
  if (start === -1) return '';
  const end = text.indexOf('\n', start);
  return text
    .slice(start, end === -1 ? undefined : end)
    .replace(/\r$/, '')
    .slice(0, 200);
}

async function solve(
  id: number,
  text: string,
  file: string,
  runs: readonly RunConfig[],
): Promise<void> {
  const { inspection, cnf } = inspect(text, file);
  scope.postMessage({ type: 'inspected', id, inspection });
  const controller = new AbortController();
  running.set(id, controller);
  try {
    for (const [run, config] of runs.entries()) {
      if (!cnf || controller.signal.aborted) break;
      scope.postMessage({ type: 'started', id, run });
      const proof = config.proof && config.mode === 'cdcl' ? new MemoryProof('text') : undefined;
      const result = await solveCnfAsync(cnf, {
        ...options(config),
        ...(proof && { proof }),
        signal: controller.signal,
        onProgress: (stats) => scope.postMessage({ type: 'progress', id, run, stats }),
      });
      finish(id, run, result);
      if (proof && result.status === 'unsat') {
        await checkProof({ id, run, cnf, proof, timeMs: config.timeMs, signal: controller.signal });
      }
    }
  } finally {
    running.delete(id);
  }
  scope.postMessage({ type: 'done', id });
}

/** The engine's options for a run. */
function options(config: RunConfig): SolveCnfOptions {
  const { mode, heuristic, xor, timeMs } = config;
  const budget = timeMs === undefined ? undefined : { timeMs };
  // On is the engine's default (small formulas try a short search first); only off is said.
  return { mode, heuristic, xor: xor ? undefined : false, budget };
}

/** An UNSAT run's proof to check, and the run's Stop. */
interface ProofToCheck {
  readonly id: number;
  readonly run: number;
  readonly cnf: Cnf;
  readonly proof: MemoryProof;
  readonly timeMs: number | undefined;
  readonly signal: AbortSignal;
}

/**
 * Checks the run's proof (within the run's time budget, else a minute; Stop ends it too) and
 * sends the verdict.
 */
async function checkProof({ id, run, cnf, proof, timeMs, signal }: ProofToCheck): Promise<void> {
  const drat = proof.bytes();
  const budget = { timeMs: timeMs ?? 60_000 };
  const checked = await checkDratAsync(cnf, drat, { budget, signal, lrat: true });
  const { lemmas, skipped, deletions, ms } = checked.stats;
  const check: ProofCheck = {
    status: checked.status,
    ...(checked.status === 'failed' && { message: checked.message }),
    ...(checked.status === 'unknown' && { message: checked.reason }),
    lemmas,
    skipped,
    deletions,
    ms,
    bytes: drat.length,
  };
  const lrat =
    checked.status === 'verified' && checked.lrat?.ok
      ? concatBytes(checked.lrat.chunks)
      : undefined;
  const buffers = lrat ? [drat.buffer, lrat.buffer] : [drat.buffer];
  scope.postMessage({ type: 'proof', id, run, check, drat, ...(lrat && { lrat }) }, buffers);
}

function finish(id: number, run: number, result: SolveResult): void {
  if (result.status === 'sat') {
    const outcome: RunOutcome = { status: 'sat', stats: result.stats };
    // A copy of its own, so the transfer cannot take a buffer the engine still shares.
    const model = result.model.slice();
    scope.postMessage({ type: 'finished', id, run, outcome, model }, [model.buffer]);
    return;
  }
  const outcome: RunOutcome =
    result.status === 'unsat'
      ? { status: 'unsat', stats: result.stats }
      : { status: 'unknown', reason: result.reason, stats: result.stats };
  scope.postMessage({ type: 'finished', id, run, outcome });
}
