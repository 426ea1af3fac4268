// `percent sat --proof` and `percent check`, end to end, cross-checked with drat-trim: the
// independent DRAT checker in ../shared/tools/drat-trim, compiled here with cc (the cross-check
// is skipped, saying so, when either is missing). The SATLIB part reads ../shared/data/cnf
// and is skipped when it is absent (a fresh clone has no ../shared).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng, pigeonhole, randomKSat, randomTseitin, type Cnf } from '@percent/engine';
import { percent, repoRoot, tempDir, writeCnf } from './cli-harness.ts';
import {
  buildDratTrim,
  buildLratCheck,
  dratTrimVerdict,
  lratCheckVerdict,
} from '../support/drat-trim.ts';

const DATA = path.join(repoRoot, '../shared/data/cnf');

let dir = '';
let cleanup = async (): Promise<void> => undefined;
/** The compiled drat-trim, or undefined (with the reason in `noDratTrim`). */
let dratTrim: string | undefined;
let noDratTrim = '';
/** The compiled lrat-check, or undefined. */
let lratCheck: string | undefined;

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir());
  const built = buildDratTrim(repoRoot, dir);
  dratTrim = built.path;
  noDratTrim = built.why ?? '';
  if (noDratTrim) console.warn(`drat-trim cross-check skipped: ${noDratTrim}`);
  const lrat = buildLratCheck(repoRoot, dir);
  lratCheck = lrat.path;
  if (lrat.why) console.warn(`lrat-check cross-check skipped: ${lrat.why}`);
});
afterAll(() => cleanup());

/** drat-trim's verdict line on a proof: `s VERIFIED` or `s NOT VERIFIED`. */
const dratTrimSays = (cnfFile: string, proofFile: string): string =>
  `s ${dratTrimVerdict(dratTrim!, cnfFile, proofFile, 120).verdict}`;

/** Solves with a proof and checks it with ours (and drat-trim): both must verify it. */
async function proveAndCheck(file: string, format: 'text' | 'binary'): Promise<void> {
  const proof = `${file}.${format}.drat`;
  const solved = await percent('sat', file, '--proof', proof, '--proof-format', format, '--quiet');
  expect(solved.stdout.trim(), file).toBe('UNSATISFIABLE');
  const checked = await percent('check', file, proof);
  expect(checked.stdout, file).toMatch(/\ns VERIFIED\n$/);
  expect(checked.code).toBe(0);
  if (dratTrim) expect(dratTrimSays(file, proof), file).toBe('s VERIFIED');
}

describe('percent sat --proof, percent check', () => {
  const formulas: [string, Cnf][] = [
    ['php-7-6.cnf', pigeonhole(7, 6)],
    ['random-unsat.cnf', randomKSat(createRng('cli-proof'), 60, 360, 3)],
  ];

  for (const [name, formula] of formulas)
    for (const format of ['text', 'binary'] as const)
      it(`writes a ${format} DRAT proof of ${name} that both checkers verify`, async () => {
        await proveAndCheck(await writeCnf(dir, name, formula), format);
      }, 60_000);

  it('reports the proof, and a corrupted one is rejected by both checkers', async () => {
    const file = await writeCnf(dir, 'php-6-5.cnf', pigeonhole(6, 5));
    const proof = path.join(dir, 'php.drat');
    const run = await percent('sat', file, '--proof', proof);
    expect(run.code).toBe(20);
    expect(run.stdout).toMatch(
      /c proof .*php\.drat: text DRAT, \d+ lemmas, \d+ deletions, \d+ bytes; ends with the empty clause/,
    );
    const json = await percent('sat', file, '--proof', proof, '--json');
    expect(JSON.parse(json.stdout).proof).toEqual({
      path: proof,
      format: 'text',
      lemmas: expect.any(Number),
      deletions: expect.any(Number),
      bytes: readFileSync(proof).length,
      complete: true,
    });
    // Checked against the formula without its first clause (pigeon 1 may stay out: satisfiable).
    const lines = readFileSync(file, 'utf8').split('\n');
    const header = lines.findIndex((l) => l.startsWith('p cnf'));
    const weaker = path.join(dir, 'php-weaker.cnf');
    const clauses = pigeonhole(6, 5).clauses.length - 1;
    writeFileSync(weaker, [`p cnf 30 ${clauses}`, ...lines.slice(header + 2)].join('\n'));
    const rejected = await percent('check', weaker, proof);
    expect(rejected.stdout).toMatch(/\ns NOT VERIFIED\n$/);
    expect(rejected.code).toBe(1);
    if (dratTrim) expect(dratTrimSays(weaker, proof)).toBe('s NOT VERIFIED');
  }, 60_000);

  it('checks backward by default, only the lemmas used; --forward checks them all', async () => {
    const file = await writeCnf(dir, 'php-7-6-modes.cnf', pigeonhole(7, 6));
    const proof = path.join(dir, 'php-modes.drat');
    expect((await percent('sat', file, '--proof', proof, '--no-elim', '--quiet')).code).toBe(20);
    const stats = async (...extra: string[]) => {
      const run = await percent('check', file, proof, '--json', ...extra);
      expect(run.code).toBe(0);
      type Stats = { lemmas: number; skipped: number };
      return JSON.parse(run.stdout) as { status: string; stats: Stats };
    };
    const back = await stats();
    const fwd = await stats('--forward');
    expect(back.status).toBe('verified');
    expect(fwd.status).toBe('verified');
    expect(back.stats.skipped).toBeGreaterThan(0);
    expect(fwd.stats.skipped).toBe(0);
    expect(back.stats.lemmas + back.stats.skipped).toBe(fwd.stats.lemmas);
    const text = await percent('check', file, proof);
    expect(text.stdout).toMatch(
      /^c \d+ lemmas checked \(0 by RAT\), [1-9]\d* skipped as unused, \d+ deletions/m,
    );
  }, 60_000);

  it('writes LRAT (sat --proof-format lrat, check --lrat) that lrat-check verifies', async () => {
    const file = await writeCnf(dir, 'php-7-6-lrat.cnf', pigeonhole(7, 6));
    const lrat = path.join(dir, 'php.lrat');
    const solved = await percent('sat', file, '--proof', lrat, '--proof-format', 'lrat');
    expect(solved.code).toBe(20);
    expect(solved.stdout).toMatch(
      /^c proof .*php\.lrat: LRAT, \d+ lemmas with hints, \d+ bytes; ends with the empty clause/m,
    );
    const lines = readFileSync(lrat, 'utf8').trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^\d+ 0 (\d+ )+0$/);
    const drat = path.join(dir, 'php-for-lrat.drat');
    expect((await percent('sat', file, '--proof', drat, '--quiet')).code).toBe(20);
    const converted = path.join(dir, 'php-converted.lrat');
    const checked = await percent('check', file, drat, '--lrat', converted);
    expect(checked.stdout).toMatch(
      /^c LRAT written to .*php-converted\.lrat: \d+ lemmas with hints/m,
    );
    if (!lratCheck) return;
    expect(lratCheckVerdict(lratCheck, file, lrat)).toBe('VERIFIED');
    expect(lratCheckVerdict(lratCheck, file, converted)).toBe('VERIFIED');
    // The cross-check can fail: the empty clause's first hint replaced by clause 1 (a pigeon's
    // six holes, none of them assigned: not unit) is rejected.
    const last = lines.at(-1)!.split(' ');
    last[2] = '1';
    const broken = path.join(dir, 'php-broken.lrat');
    writeFileSync(broken, [...lines.slice(0, -1), last.join(' ')].join('\n') + '\n');
    expect(lratCheckVerdict(lratCheck, file, broken)).toBe('NOT VERIFIED');
  }, 60_000);

  it('an LRAT request with a SAT answer writes no lemmas and says so', async () => {
    const file = await writeCnf(dir, 'sat-lrat.cnf', randomKSat(createRng('lrat-sat'), 20, 40, 3));
    const lrat = path.join(dir, 'sat.lrat');
    const run = await percent('sat', file, '--proof', lrat, '--proof-format', 'lrat');
    expect(run.code).toBe(10);
    expect(run.stdout).toContain('no empty clause: the answer is not UNSAT');
    expect(readFileSync(lrat, 'utf8')).toBe('');
  });

  it('proves a Tseitin formula by its XORs: UNSAT without a search, verified by all checkers', async () => {
    const formula = randomTseitin(createRng('cli-tseitin'), 120);
    const file = await writeCnf(dir, 'tseitin-120.cnf', formula);
    const proof = path.join(dir, 'tseitin.drat');
    const solved = await percent('sat', file, '--proof', proof, '--json');
    expect(solved.code).toBe(20);
    const { stats } = JSON.parse(solved.stdout) as { stats: { conflicts: number; xors: number } };
    expect([stats.conflicts, stats.xors]).toEqual([0, 120]);
    const checked = await percent('check', file, proof);
    expect(checked.stdout).toMatch(/^c \d+ lemmas checked \([1-9]\d* by RAT\)/m);
    expect(checked.stdout).toMatch(/\ns VERIFIED\n$/);
    if (dratTrim) expect(dratTrimSays(file, proof)).toBe('s VERIFIED');
    const lrat = path.join(dir, 'tseitin.lrat');
    expect((await percent('sat', file, '--proof', lrat, '--proof-format', 'lrat')).code).toBe(20);
    if (lratCheck) expect(lratCheckVerdict(lratCheck, file, lrat)).toBe('VERIFIED');
    // One extension variable defined wrongly (¬e ∨ a ∨ b made ¬e ∨ ¬a ∨ b): both reject it.
    const lines = readFileSync(proof, 'utf8').split('\n');
    const at = lines.findIndex((l) => Math.abs(Number(l.split(' ')[0])) > formula.numVars);
    const [e, a, b] = lines[at]!.split(' ').map(Number);
    lines[at] = `${e} ${-a!} ${b} 0`;
    const broken = path.join(dir, 'tseitin-broken.drat');
    writeFileSync(broken, lines.join('\n'));
    expect((await percent('check', file, broken)).stdout).toMatch(/\ns NOT VERIFIED\n$/);
    if (dratTrim) expect(dratTrimSays(file, broken)).toBe('s NOT VERIFIED');
  }, 60_000);

  it('says what is wrong with its use', async () => {
    const file = await writeCnf(dir, 'php-3-2.cnf', pigeonhole(3, 2));
    const dpll = await percent('sat', file, '--proof', path.join(dir, 'x.drat'), '--mode', 'dpll');
    expect(dpll.stderr.trim()).toBe(
      'percent: --proof needs --mode cdcl: plain DPLL learns no clauses to write',
    );
    expect(dpll.code).toBe(1);
    const bad = path.join(dir, 'bad.drat');
    writeFileSync(bad, '1 2 0\n-1 zz 0\n');
    const checked = await percent('check', file, bad);
    expect(checked.stdout).toContain(`c ${bad}: line 2, column 4: expected a literal, found "zz"`);
    expect(checked.code).toBe(1);
  });
});

/**
 * UNSAT files of ../shared/data, by set, that a proof run decides in seconds (hole9 and hole10
 * take minutes); the course's #8 and #9, dubois and pret by their XORs alone.
 */
const SATLIB_UNSAT: Record<string, RegExp> = {
  pigeonhole: /^hole[678]\.cnf$/,
  dubois: /\.cnf$/,
  pret: /\.cnf$/,
  'uuf50-218': /\.cnf$/,
  'hust/check': /^(4|7|8|9|11)-unsatisfied\.cnf$/,
};

describe.skipIf(!existsSync(DATA))('proofs of the SATLIB UNSAT files in ../shared/data', () => {
  for (const [set, pattern] of Object.entries(SATLIB_UNSAT)) {
    it(`UNSAT files of ${set} get proofs both checkers verify`, async () => {
      const folder = path.join(DATA, set);
      const files = readdirSync(folder)
        .filter((f) => pattern.test(f))
        .sort()
        .slice(0, 10);
      let proved = 0;
      for (const name of files) {
        const file = path.join(folder, name);
        const proof = path.join(dir, `${set.replace('/', '-')}-${name}.drat`);
        const args = ['--proof', proof, '--proof-format', 'binary', '--timeout', '10000'];
        const solved = await percent('sat', file, ...args, '--out', `${proof}.res`, '--quiet');
        expect(solved.stdout.trim(), name).toBe('UNSATISFIABLE');
        const checked = await percent('check', file, proof, '--quiet');
        expect(checked.stdout.trim(), name).toBe('s VERIFIED');
        if (dratTrim) expect(dratTrimSays(file, proof), name).toBe('s VERIFIED');
        proved++;
      }
      expect(proved).toBe(files.length);
    }, 600_000);
  }
});
