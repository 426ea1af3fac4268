/**
 * Text the lab shows, as pure functions: times, the DIMACS error with its line and a caret,
 * a bounded preview of a model (a million-variable model must not become a million DOM
 * nodes or one giant string at once), and the `.res` file's name and content.
 */
import { resChunks, type DimacsIssue, type SolveResult, type SolverStats } from '@percent/engine';
import { language } from '../../i18n/index.ts';
import type { RunView } from './lab-state.ts';

/** `850 ms`, `12.3 ms`, `4.21 s`, `1 min 05 s`. */
/** A count with the app's own language's digit grouping (not the browser's locale). */
export const formatCount = (n: number): string =>
  n.toLocaleString(language.value === 'zh' ? 'zh-CN' : 'en-US');

export function formatMs(ms: number): string {
  if (ms < 100) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** The compiler-style `file:line:column: message` of a parse error. */
export const issueText = (issue: DimacsIssue): string =>
  `${issue.file}:${issue.line}:${issue.column}: ${issue.message}`;

/** A caret under the offending column (tabs kept, so it lines up under a tabbed line too). */
export function caretLine(lineText: string, column: number): string {
  const before = lineText.slice(0, Math.max(0, column - 1)).replace(/[^\t]/g, ' ');
  return `${before}^`;
}

/** The statistics shown for a run, in order, by catalogue key suffix. */
export const STAT_FIELDS = [
  'conflicts',
  'learned',
  'restarts',
  'decisions',
  'propagations',
  'deleted',
  'eliminated',
  'xors',
] as const satisfies readonly (keyof SolverStats)[];

/** At most `limit` literals of a model as a `v` line's text, and how many it shows. */
export function modelPreview(
  model: Uint8Array,
  numVars: number,
  limit: number,
): { readonly text: string; readonly shown: number } {
  const shown = Math.min(numVars, limit);
  const parts = new Array<string>(shown);
  for (let v = 1; v <= shown; v++) parts[v - 1] = model[v] === 1 ? String(v) : `-${v}`;
  return { text: parts.join(' '), shown };
}

/** `uf20-01.cnf` → `uf20-01.res`; a name without `.cnf` gets `.res` added. */
export const resFileName = (file: string): string =>
  /\.cnf$/i.test(file) ? file.replace(/\.cnf$/i, '.res') : `${file}.res`;

/** A finished run as the engine's result, for `resChunks`. */
export function resultOf(run: RunView): SolveResult | undefined {
  const { stats } = run;
  if (!stats) return undefined;
  if (run.status === 'sat' && run.model) return { status: 'sat', model: run.model, stats };
  if (run.status === 'unsat') return { status: 'unsat', failedAssumptions: [], stats };
  if (run.status === 'unknown' || run.status === 'cancelled')
    return { status: 'unknown', reason: run.reason ?? 'aborted', stats };
  return undefined;
}

/** The `.res` text of a run, in the pieces `resChunks` yields (for a Blob). */
export function resParts(run: RunView, numVars: number): string[] | undefined {
  const result = resultOf(run);
  return result && [...resChunks(result, numVars, result.stats.ms)];
}
