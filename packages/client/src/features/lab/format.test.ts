import type { SolverStats } from '@percent/engine';
import { describe, expect, it } from 'vitest';
import { caretLine, formatMs, issueText, modelPreview, resFileName, resParts } from './format.ts';
import type { RunView } from './lab-state.ts';

/** Statistics as the engine reports them (`xors` from the engine with XOR reasoning on). */
const reported = {
  decisions: 1,
  propagations: 2,
  conflicts: 0,
  learned: 0,
  restarts: 0,
  deleted: 0,
  eliminated: 0,
  xors: 0,
  ms: 12.34,
};
const stats: SolverStats = reported;
const config = {
  mode: 'cdcl',
  heuristic: 'vsids',
  xor: false,
  timeMs: undefined,
  proof: false,
} as const;

describe('lab formatting', () => {
  it('writes times for people at every scale', () => {
    expect(formatMs(12.34)).toBe('12.3 ms');
    expect(formatMs(850.2)).toBe('850 ms');
    expect(formatMs(4210)).toBe('4.21 s');
    expect(formatMs(65_000)).toBe('1 min 05 s');
  });

  it('puts a parse error as file:line:column with a caret under the column', () => {
    const issue = { file: 'bad.cnf', line: 3, column: 4, message: 'expected a literal' };
    expect(issueText(issue)).toBe('bad.cnf:3:4: expected a literal');
    expect(caretLine('1 x 0', 3)).toBe('  ^');
    expect(caretLine('\t1 x 0', 4)).toBe('\t  ^');
  });

  it('previews at most the limit of a model, as signed literals', () => {
    const model = Uint8Array.of(0, 1, 0, 1, 1);
    expect(modelPreview(model, 4, 10)).toEqual({ text: '1 -2 3 4', shown: 4 });
    expect(modelPreview(model, 4, 2)).toEqual({ text: '1 -2', shown: 2 });
  });

  it('names and writes the .res file of the course design', () => {
    expect(resFileName('uf20-01.cnf')).toBe('uf20-01.res');
    expect(resFileName('pasted')).toBe('pasted.res');
    const sat: RunView = {
      config,
      role: 'chosen',
      status: 'sat',
      stats,
      model: Uint8Array.of(0, 1, 0, 1),
    };
    expect(resParts(sat, 3)?.join('')).toBe('s 1\nv 1 -2 3\nt 12.3\n');
    const unsat: RunView = { config, role: 'chosen', status: 'unsat', stats };
    expect(resParts(unsat, 3)?.join('')).toBe('s 0\nt 12.3\n');
    const undecided: RunView = { config, role: 'chosen', status: 'unknown', reason: 'time', stats };
    expect(resParts(undecided, 3)?.join('')).toBe('s -1\nt 12.3\n');
    expect(resParts({ config, role: 'chosen', status: 'running' }, 3)).toBeUndefined();
  });
});
