import type { SolveResult } from './types.ts';

/**
 * The `.res` file of the course design:
 *
 *     s 1            1 satisfiable, 0 unsatisfiable, -1 undecided
 *     v 1 -2 3 …     only for s 1: every variable 1..V as a signed literal, one line
 *     t 12.3         solve time in ms
 */

export function statusDigit(result: SolveResult): '1' | '0' | '-1' {
  if (result.status === 'sat') return '1';
  return result.status === 'unsat' ? '0' : '-1';
}

/** Milliseconds as the `t` line writes them: an integer, or one decimal below 100 ms. */
export function formatResMs(ms: number): string {
  return ms >= 100 ? String(Math.round(ms)) : ms.toFixed(1);
}

/**
 * The file's text in chunks of at most ~64 KiB, so a model of millions of variables is never
 * one giant string.
 */
export function* resChunks(result: SolveResult, numVars: number, ms: number): Iterable<string> {
  yield `s ${statusDigit(result)}\n`;
  if (result.status === 'sat') {
    let chunk = 'v';
    for (let v = 1; v <= numVars; v++) {
      chunk += result.model[v] === 1 ? ` ${v}` : ` -${v}`;
      if (chunk.length < 1 << 16) continue;
      yield chunk;
      chunk = '';
    }
    yield chunk + '\n';
  }
  yield `t ${formatResMs(ms)}\n`;
}
