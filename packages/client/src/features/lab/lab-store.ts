/**
 * The lab page's state as signals, and the actions on it: the input text and its file name,
 * the parser's verdict on it (asked of the worker shortly after each change), the chosen
 * options, and the solve in progress or last finished.
 */
import type { HeuristicName, SolverModeName } from '@percent/engine';
import { batch, signal } from '@preact/signals';
import * as labWorker from '../../workers/lab-client.ts';
import type { Inspection, RunConfig } from '../../workers/lab-protocol.ts';
import { example, type ExampleId } from './examples.ts';
import { applyEvent, endSolve, plannedRuns, startSolve, type Solve } from './lab-state.ts';

/** The name parse errors use for text typed or pasted in (rather than a file). */
export const PASTED = 'pasted.cnf';
/** Time budgets offered, in seconds (0: none). */
export const BUDGETS_S = [1, 5, 10, 30, 60, 0] as const;

export interface LabOptions {
  readonly mode: SolverModeName;
  readonly heuristic: HeuristicName;
  readonly budgetS: (typeof BUDGETS_S)[number];
  readonly xor: boolean;
  readonly compare: boolean;
  /** Write and check a DRAT proof of an UNSAT answer (CDCL; Gauss–Jordan off in the search, contradictory XORs proved). */
  readonly proof: boolean;
}

export const input = signal({ text: '', file: PASTED });
export const inspection = signal<Inspection | undefined>(undefined);
export const options = signal<LabOptions>({
  mode: 'cdcl',
  heuristic: 'vsids',
  budgetS: 10,
  xor: true,
  compare: false,
  proof: true,
});
export const solve = signal<Solve | undefined>(undefined);
/** Why the worker failed (not a parse error: those are in `inspection`). */
export const failure = signal<string | undefined>(undefined);

export function setOptions(change: Partial<LabOptions>): void {
  options.value = { ...options.value, ...change };
}

let inspectTimer: ReturnType<typeof setTimeout> | undefined;
let inspectVersion = 0;

/** New input: the old answer goes, and the worker reads the header again shortly after. */
export function setInput(text: string, file: string = PASTED): void {
  batch(() => {
    input.value = { text, file };
    inspection.value = undefined;
    if (solve.value?.phase === 'over') solve.value = undefined;
  });
  clearTimeout(inspectTimer);
  const version = ++inspectVersion;
  if (text.trim() === '') return;
  inspectTimer = setTimeout(() => {
    labWorker.inspect(text, file).then(
      (found) => version === inspectVersion && (inspection.value = found),
      () => undefined,
    );
  }, 250);
}

/** Reads a dropped or picked file as the input. */
export async function loadFile(file: File): Promise<void> {
  setInput(await file.text(), file.name);
}

export function loadExample(id: ExampleId): void {
  const { text, file } = example(id);
  setInput(text, file);
}

let current: labWorker.SolveHandle | undefined;

/** Solves the input with the options (and the baseline first, with Compare). */
export async function runSolve(): Promise<void> {
  if (current) return;
  const { text, file } = input.value;
  const { mode, heuristic, budgetS, xor, compare, proof } = options.value;
  const chosen: RunConfig = {
    mode,
    heuristic,
    xor,
    proof,
    timeMs: budgetS === 0 ? undefined : budgetS * 1000,
  };
  failure.value = undefined;
  solve.value = startSolve(file, plannedRuns(chosen, compare), performance.now());
  const handle = labWorker.solve(
    text,
    file,
    solve.value.runs.map((r) => r.config),
    (event) => {
      // The verdict on the text being solved, unless the input has changed since.
      if (event.type === 'inspected' && input.peek().text === text)
        inspection.value = event.inspection;
      if (solve.value) solve.value = applyEvent(solve.value, event);
    },
  );
  current = handle;
  try {
    await handle.done;
  } catch (error) {
    failure.value = error instanceof Error ? error.message : String(error);
  } finally {
    current = undefined;
    if (solve.value) solve.value = endSolve(solve.value);
  }
}

/** Stops the solve at once (the worker is replaced if it does not stop within 200 ms). */
export function cancelSolve(): void {
  current?.cancel();
}

/** The worker has answered once: its code is loaded, so the lab works offline from now on. */
export const workerReady = signal(false);

/**
 * Starts the worker ahead of the first request and asks it one tiny question: the answer
 * means its module (and every chunk it imports) is loaded — fetching a module worker takes a
 * moment, and a network gone meanwhile would leave the lab without one.
 */
export function warmUpWorker(): void {
  labWorker.warmUp();
  if (workerReady.peek()) return;
  void labWorker.inspect('p cnf 1 1\n1 0\n', 'warm-up.cnf').then(
    () => (workerReady.value = true),
    () => undefined,
  );
}
