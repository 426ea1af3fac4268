import { describe, expect, it } from 'vitest';
import { cnf as makeCnf, type Cnf } from '../cnf/formula.ts';
import { pigeonhole, randomKSat } from '../cnf/generators.ts';
import { createRng } from '../rng.ts';
import { MemoryProof, type ProofFormat } from '../sat/proof.ts';
import { solveCnf } from '../sat/solve-cnf.ts';
import { eliminateVariables } from '../sat/eliminate.ts';
import { encodePuzzle } from '../sudoku/encode.ts';
import { getVariant } from '../sudoku/variant.ts';
import { checkDrat, checkDratAsync } from './check.ts';

/** Solves `formula` writing a proof; the answer must be unsat. */
function proofOf(formula: Cnf, format: ProofFormat = 'text', eliminate?: boolean): Uint8Array {
  const proof = new MemoryProof(format);
  const result = solveCnf(formula, { proof, ...(eliminate !== undefined && { eliminate }) });
  expect(result.status).toBe('unsat');
  return proof.bytes();
}

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
const bytesOf = (s: string): Uint8Array => new TextEncoder().encode(s);

/** Unsatisfiable random 3-SAT: 50 variables at ratio 6 (seeded, each checked unsat). */
function randomUnsat(seed: number): Cnf {
  return randomKSat(createRng(`proof-${seed}`), 50, 300, 3);
}

/** A percent sudoku with two 1s on its anti-diagonal (r1c9 and r5c5), plus two more givens. */
function clashingSudoku(): Cnf {
  const grid = new Uint8Array(81);
  grid[0] = 1; // r1c1
  grid[8 * 9 + 8] = 2; // r9c9
  grid[4 * 9 + 4] = 1; // r5c5 on the anti-diagonal…
  grid[0 * 9 + 8] = 1; // …and r1c9, also on it: two 1s on the anti-diagonal
  return encodePuzzle(getVariant('percent'), grid);
}

describe('DRAT proofs of UNSAT answers', () => {
  const cases: [string, Cnf][] = [
    ['pigeonhole 6 in 5', pigeonhole(6, 5)],
    ['pigeonhole 7 in 6', pigeonhole(7, 6)],
    ['random 3-SAT, 50 variables, 300 clauses (seed 1)', randomUnsat(1)],
    ['random 3-SAT, 50 variables, 300 clauses (seed 2)', randomUnsat(2)],
    ['a percent sudoku with two 1s on the anti-diagonal', clashingSudoku()],
    ['a unit and its negation', makeCnf(1, [[1], [-1]])],
  ];
  for (const [name, formula] of cases) {
    for (const format of ['text', 'binary'] as const) {
      for (const eliminate of [true, false]) {
        it(`are verified: ${name}, ${format}, elimination ${eliminate ? 'on' : 'off'}`, () => {
          const bytes = proofOf(formula, format, eliminate);
          expect(checkDrat(formula, bytes).status).toBe('verified');
          expect(checkDrat(formula, bytes, { mode: 'forward' }).status).toBe('verified');
        });
      }
    }
  }

  it('end with the empty clause, and the text format is DRAT as drat-trim reads it', () => {
    const lines = text(proofOf(pigeonhole(4, 3)))
      .trimEnd()
      .split('\n');
    expect(lines.at(-1)).toBe('0');
    for (const line of lines) expect(line).toMatch(/^(d )?(-?[1-9]\d* )*0$/);
  });

  it('cover the preprocessing: resolvents are lemmas, replaced clauses deletions', () => {
    // y is eliminated (its resolvent is the unit a), then a refutes b ∧ ¬b by propagation.
    const formula = makeCnf(3, [
      [-3, 1],
      [3, 1],
      [-1, 2],
      [-1, -2],
    ]);
    const proof = new MemoryProof('text');
    expect(eliminateVariables(formula, { proof }).ok).toBe(false);
    const lines = text(proof.bytes()).trimEnd().split('\n');
    expect(lines).toContain('1 0');
    // The resolvent comes first, then its parents (sorted literals) go.
    expect(lines.slice(0, 3)).toEqual(['1 0', 'd 1 3 0', 'd 1 -3 0']);
    expect(checkDrat(formula, proof.bytes()).status).toBe('verified');
  });
});

describe('the DRAT checker rejects what does not refute the formula', () => {
  const php = pigeonhole(6, 5);
  const proof = proofOf(php);

  it('a proof checked against a weaker, satisfiable formula (one pigeon may stay out)', () => {
    const weaker: Cnf = { numVars: php.numVars, clauses: php.clauses.slice(1) };
    const result = checkDrat(weaker, proof);
    expect(result.status).toBe('failed');
  });

  it('a proof cut in half, without its empty clause', () => {
    const lines = text(proof).trimEnd().split('\n');
    const cut = lines.slice(0, lines.length >> 1).join('\n') + '\n';
    expect(checkDrat(php, bytesOf(cut))).toMatchObject({
      status: 'failed',
      message: 'the proof ends without deriving the empty clause',
    });
  });

  it('the empty clause alone, and a lemma not implied, naming its line', () => {
    expect(checkDrat(php, bytesOf('0\n'))).toMatchObject({
      status: 'failed',
      message: 'line 1: the empty clause is neither RUP nor RAT (not implied by unit propagation)',
    });
    // "Pigeon 1 sits in hole 1 and pigeon 2 in hole 2" is consistent: ¬x1 alone is not implied.
    // Checking forward, that lemma fails; backward, the empty clause after it fails first.
    const wrong = bytesOf('c a comment\n-1 0\n0\n');
    expect(checkDrat(php, wrong, { mode: 'forward' })).toMatchObject({
      status: 'failed',
      message: 'line 2: lemma -1 0 is neither RUP nor RAT (not implied by unit propagation)',
    });
    expect(checkDrat(php, wrong)).toMatchObject({
      status: 'failed',
      message: 'line 3: the empty clause is neither RUP nor RAT (not implied by unit propagation)',
    });
  });

  for (const mode of ['backward', 'forward'] as const) {
    it(`every lemma of a corrupted proof: one literal of the last lemmas flipped fails somewhere (${mode})`, () => {
      const lines = text(proof).trimEnd().split('\n');
      const lemmas = lines.flatMap((l, i) => (l.startsWith('d') || l === '0' ? [] : [i]));
      let rejected = 0;
      for (const i of lemmas.slice(-5)) {
        const broken = lines.slice();
        const lits = broken[i]!.split(' ');
        lits[0] = String(-Number(lits[0]));
        broken[i] = lits.join(' ');
        // Later lemmas then build on a wrong one: still accepted only if it happens to be implied.
        const result = checkDrat(php, bytesOf(broken.slice(0, i + 1).join('\n') + '\n'), { mode });
        if (result.status === 'failed' && result.message.startsWith(`line ${i + 1}:`)) rejected++;
      }
      expect(rejected).toBeGreaterThan(0);
    });
  }

  it('says what and where for a malformed proof, text and binary', () => {
    expect(checkDrat(php, bytesOf('1 2 0\n3 x 0\n'))).toMatchObject({
      status: 'failed',
      message: 'line 2, column 3: expected a literal, found "x"',
    });
    expect(checkDrat(php, bytesOf('1 2\n'))).toMatchObject({
      status: 'failed',
      message: 'line 1: the step does not end with 0',
    });
    const binary = proofOf(php, 'binary');
    expect(checkDrat(php, binary.slice(0, binary.length - 1))).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/^byte \d+: the step does not end with 0$/),
    });
  });

  it('answers unknown when its time is up or it is stopped', () => {
    const controller = new AbortController();
    controller.abort();
    const big = proofOf(pigeonhole(8, 7), 'binary');
    expect(checkDrat(pigeonhole(8, 7), big, { signal: controller.signal }).status).toBe('unknown');
  });

  it('checkDratAsync lets the event loop run, so a signal fired meanwhile stops it', async () => {
    const php = pigeonhole(9, 8);
    const big = proofOf(php, 'binary', false);
    const full = await checkDratAsync(php, big, { mode: 'forward', sliceMs: 5 });
    expect(full.status).toBe('verified');
    const controller = new AbortController();
    const reports: number[] = [];
    setTimeout(() => controller.abort(), 10);
    const stopped = await checkDratAsync(php, big, {
      mode: 'forward',
      sliceMs: 5,
      signal: controller.signal,
      onProgress: (done) => reports.push(done),
    });
    expect(stopped).toMatchObject({ status: 'unknown', reason: 'aborted' });
    expect(stopped.stats.lemmas).toBeLessThan(full.stats.lemmas);
    expect(reports.length).toBeGreaterThan(0);
    expect(reports).toEqual([...reports].sort((a, b) => a - b));
  });
});

describe('backward checking', () => {
  const php = pigeonhole(7, 6);
  const proof = text(proofOf(php, 'text', false));
  const lemmaCount = proof.split('\n').filter((l) => l !== '' && !l.startsWith('d')).length;

  it('checks only the lemmas the refutation uses; forward checks them all', () => {
    const back = checkDrat(php, bytesOf(proof));
    const fwd = checkDrat(php, bytesOf(proof), { mode: 'forward' });
    expect(back.status).toBe('verified');
    expect(fwd.status).toBe('verified');
    // Forward checking stops at the lemma that makes propagation refute the clauses.
    expect(fwd.stats.lemmas).toBeGreaterThanOrEqual(lemmaCount - 1);
    expect(back.stats.lemmas + back.stats.skipped).toBe(fwd.stats.lemmas);
    expect(back.stats.skipped).toBeGreaterThan(0);
  });

  it('skips a lemma nothing uses, even one not implied; forward rejects it', () => {
    // ¬x1 ∨ x43 is neither RUP nor RAT, and x43 occurs nowhere else: no conflict involves it.
    const junk = `-1 43 0\n${proof}`;
    expect(checkDrat(php, bytesOf(junk), { mode: 'forward' })).toMatchObject({
      status: 'failed',
      message: 'line 1: lemma -1 43 0 is neither RUP nor RAT (not implied by unit propagation)',
    });
    const back = checkDrat(php, bytesOf(junk));
    expect(back.status).toBe('verified');
    expect(back.stats.skipped).toBeGreaterThan(0);
  });

  it('undoes deletions: a clause deleted after a lemma used it is there when that lemma is checked', () => {
    // x1 follows from the first two clauses (RUP); they are then deleted; with x1, x3 follows
    // from the middle two and the last two refute x1 ∧ x3.
    const formula = makeCnf(5, [
      [1, 2],
      [1, -2],
      [-1, 3, 4],
      [-1, 3, -4],
      [-1, -3, 5],
      [-1, -3, -5],
    ]);
    const bytes = bytesOf('1 0\nd 1 2 0\nd 1 -2 0\n3 0\n0\n');
    expect(checkDrat(formula, bytes)).toMatchObject({
      status: 'verified',
      stats: { lemmas: 2, skipped: 0, deletions: 2, ignored: 0 },
    });
    // Deleted before x1 is derived: x1 is not RUP any more.
    const early = bytesOf('d 1 2 0\nd 1 -2 0\n1 0\n3 0\n0\n');
    expect(checkDrat(formula, early)).toMatchObject({
      status: 'failed',
      message: 'line 3: lemma 1 0 is neither RUP nor RAT (not implied by unit propagation)',
    });
  });
});
