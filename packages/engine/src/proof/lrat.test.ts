/**
 * LRAT made by backward checking: checked here by a minimal LRAT checker (each lemma's hints,
 * in order, must each be unit under the lemma's negation and the units before it, the last one
 * falsified), and in test/cli/sat-proof.test.ts by lrat-check from ../shared/tools.
 */
import { describe, expect, it } from 'vitest';
import { cnf as makeCnf, type Cnf } from '../cnf/formula.ts';
import { pigeonhole, randomKSat } from '../cnf/generators.ts';
import { createRng } from '../rng.ts';
import { MemoryProof } from '../sat/proof.ts';
import { solveCnf } from '../sat/solve-cnf.ts';
import { checkDrat } from './check.ts';

/** The LRAT text of `formula`'s proof, as `checkDrat` makes it. */
function lratOf(formula: Cnf, eliminate = true): string {
  const proof = new MemoryProof('binary');
  expect(solveCnf(formula, { proof, eliminate }).status).toBe('unsat');
  const checked = checkDrat(formula, proof.bytes(), { lrat: true });
  if (checked.status !== 'verified' || checked.lrat?.ok !== true) throw new Error('no LRAT');
  const decoder = new TextDecoder();
  return checked.lrat.chunks.map((c) => decoder.decode(c)).join('');
}

/** A minimal LRAT checker (no deletions, no RAT hints): the first failing line, or 'ok'. */
function checkLrat(formula: Cnf, text: string): string {
  const clauses = new Map<number, readonly number[]>();
  formula.clauses.forEach((c, i) => clauses.set(i + 1, Array.from(c)));
  let last: readonly number[] | undefined;
  for (const line of text.trimEnd().split('\n')) {
    const numbers = line.split(' ').map(Number);
    const id = numbers[0]!;
    const zero = numbers.indexOf(0, 1);
    const lemma = numbers.slice(1, zero);
    const hints = numbers.slice(zero + 1, -1);
    if (clauses.has(id) || id <= formula.clauses.length) return `${line}: id ${id} reused`;
    const value = new Map<number, boolean>(lemma.map((l) => [Math.abs(l), l < 0]));
    const truth = (l: number): boolean | undefined => {
      const v = value.get(Math.abs(l));
      return v === undefined ? undefined : v === l > 0;
    };
    let refuted = false;
    for (const hint of hints) {
      const clause = clauses.get(hint);
      if (clause === undefined) return `${line}: hint ${hint} unknown`;
      const open = clause.filter((l) => truth(l) !== false);
      if (open.length === 0) {
        refuted = true;
        break;
      }
      if (open.length > 1 || truth(open[0]!) === true) return `${line}: hint ${hint} not unit`;
      value.set(Math.abs(open[0]!), open[0]! > 0);
    }
    if (!refuted) return `${line}: no conflict`;
    clauses.set(id, lemma);
    last = lemma;
  }
  return last?.length === 0 ? 'ok' : 'no empty clause';
}

describe('LRAT from backward checking', () => {
  const cases: [string, Cnf][] = [
    ['pigeonhole 7 in 6', pigeonhole(7, 6)],
    ['random 3-SAT, 50 variables, 300 clauses', randomKSat(createRng('lrat-1'), 50, 300, 3)],
    ['a unit and its negation', makeCnf(1, [[1], [-1]])],
  ];
  for (const [name, formula] of cases) {
    for (const eliminate of [true, false]) {
      it(`checks with its hints alone: ${name}, elimination ${eliminate ? 'on' : 'off'}`, () => {
        expect(checkLrat(formula, lratOf(formula, eliminate))).toBe('ok');
      });
    }
  }

  it('numbers lemmas after the formula’s clauses, in order, and ends with the empty clause', () => {
    const formula = pigeonhole(6, 5);
    const lines = lratOf(formula).trimEnd().split('\n');
    lines.forEach((line, i) =>
      expect(line.split(' ')[0]).toBe(String(formula.clauses.length + 1 + i)),
    );
    expect(lines.at(-1)).toMatch(/^\d+ 0 (\d+ )+0$/);
  });

  it('a hint taken out or changed fails the minimal checker (the check above can fail)', () => {
    const formula = pigeonhole(6, 5);
    const lines = lratOf(formula).trimEnd().split('\n');
    const last = lines.at(-1)!.split(' ');
    const dropped = [...last.slice(0, -3), '0'].join(' ');
    expect(checkLrat(formula, [...lines.slice(0, -1), dropped].join('\n'))).not.toBe('ok');
  });

  it('is refused for forward checking, which knows no core', () => {
    const formula = pigeonhole(5, 4);
    const proof = new MemoryProof('text');
    solveCnf(formula, { proof });
    const checked = checkDrat(formula, proof.bytes(), { lrat: true, mode: 'forward' });
    expect(checked).toMatchObject({ status: 'verified', lrat: { ok: false } });
  });
});
