/**
 * Messages between the SAT lab page and its worker (`lab.worker.ts`). The page sends the CNF
 * text itself (the worker parses it, so a big file never blocks the page); every request
 * carries an id and is answered by exactly one `inspected`, `done` or `failed`, with any
 * number of `started` / `progress` / `finished` before a `done`. A model travels as a
 * transferred Uint8Array.
 */
import type {
  DimacsIssue,
  HeuristicName,
  SolverModeName,
  SolverStats,
  Trace,
  UnknownReasonName,
} from '@percent/engine';

/** One solver configuration to run on the formula. */
export interface RunConfig {
  readonly mode: SolverModeName;
  readonly heuristic: HeuristicName;
  /** XOR reasoning (Gauss–Jordan elimination; the engine uses it in CDCL mode only). */
  readonly xor: boolean;
  /** Wall-clock budget in ms; undefined for none. */
  readonly timeMs: number | undefined;
  /**
   * Write a DRAT proof as the search goes (CDCL; Gauss–Jordan is off in the search, contradictory XORs are proved) and check it
   * when the answer is UNSAT.
   */
  readonly proof: boolean;
}

/** The worker's check of an UNSAT answer's DRAT proof (engine `checkDrat`). */
export interface ProofCheck {
  readonly status: 'verified' | 'failed' | 'unknown';
  /** Why it failed, or what stopped it. */
  readonly message?: string;
  /** Lemmas checked: those the refutation uses (backward checking). */
  readonly lemmas: number;
  /** Lemmas it does not use, not checked. */
  readonly skipped: number;
  readonly deletions: number;
  /** Checking time, ms. */
  readonly ms: number;
  /** Size of the proof (text DRAT), bytes. */
  readonly bytes: number;
}

/** What the header and the parser say about a text. */
export type Inspection =
  | {
      readonly ok: true;
      readonly vars: number;
      readonly clauses: number;
      readonly warnings: readonly DimacsIssue[];
    }
  | { readonly ok: false; readonly error: DimacsIssue; readonly lineText: string };

export type LabRequest =
  | { readonly type: 'inspect'; readonly id: number; readonly text: string; readonly file: string }
  | {
      readonly type: 'solve';
      readonly id: number;
      readonly text: string;
      readonly file: string;
      readonly runs: readonly RunConfig[];
    }
  /** A traced search of a small formula (engine `traceSearch`), to step through. */
  | {
      readonly type: 'trace';
      readonly id: number;
      readonly text: string;
      readonly file: string;
      readonly mode: 'cdcl' | 'dpll';
    }
  /** Stops the solve `id` between two slices; the worker answers with an aborted outcome. */
  | { readonly type: 'cancel'; readonly id: number };

/** A finished run, as the page needs it: the result without its model, which travels apart. */
export type RunOutcome =
  | { readonly status: 'sat'; readonly stats: SolverStats }
  | { readonly status: 'unsat'; readonly stats: SolverStats }
  | { readonly status: 'unknown'; readonly reason: UnknownReasonName; readonly stats: SolverStats };

export type LabResponse =
  | { readonly type: 'inspected'; readonly id: number; readonly inspection: Inspection }
  | { readonly type: 'started'; readonly id: number; readonly run: number }
  | {
      readonly type: 'progress';
      readonly id: number;
      readonly run: number;
      readonly stats: SolverStats;
    }
  | {
      readonly type: 'finished';
      readonly id: number;
      readonly run: number;
      readonly outcome: RunOutcome;
      /** `model[v]` is 1 when v is true (index 0 unused); only for sat. */
      readonly model?: Uint8Array;
    }
  /**
   * After an UNSAT `finished` of a run with `proof`: its check, the proof as text DRAT, and —
   * once verified — as LRAT (the lemmas the refutation uses, with their hints).
   */
  | {
      readonly type: 'proof';
      readonly id: number;
      readonly run: number;
      readonly check: ProofCheck;
      readonly drat: Uint8Array;
      readonly lrat?: Uint8Array;
    }
  | { readonly type: 'traced'; readonly id: number; readonly trace: Trace }
  | { readonly type: 'done'; readonly id: number }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };
