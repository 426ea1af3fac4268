// `percent sat` end to end: verdicts, exit codes, the .res file, --out, --print, --json.
import { readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cnf,
  createRng,
  firstFalsifiedClause,
  formatDimacs,
  pigeonhole,
  plantedKSat,
} from '@percent/engine';
import { percent, readRes, tempDir, writeCnf } from './cli-harness.ts';

// Variable 6 occurs in no clause: the `v` line must still list it.
const SMALL_SAT = cnf(6, [
  [1, 2, -3],
  [-1, 3],
  [-2, 4, 5],
  [-4, -5],
  [3, -5, 1],
  [-3, 4],
]);

let dir = '';
let cleanup = async (): Promise<void> => undefined;
let satFile = '';
let unsatFile = '';

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir());
  satFile = await writeCnf(dir, 'small.cnf', SMALL_SAT);
  unsatFile = await writeCnf(dir, 'php-4-3.cnf', pigeonhole(4, 3));
});
afterAll(() => cleanup());

describe('percent sat', () => {
  it('solves a satisfiable formula: exit 10, report, and a .res with a checked model', async () => {
    const run = await percent('sat', satFile);
    expect(run.code).toBe(10);
    expect(run.stdout).toContain('SATISFIABLE');
    for (const key of ['parse time', 'solve time', 'decisions', 'propagations', 'conflicts']) {
      expect(run.stdout).toContain(key);
    }
    for (const key of ['learned', 'restarts', 'deleted', 'eliminated']) {
      expect(run.stdout).toContain(key);
    }
    const res = await readRes(path.join(dir, 'small.res'));
    expect(res.status).toBe('1');
    expect(res.lines).toHaveLength(3);
    expect(res.literals?.map(Math.abs)).toEqual([1, 2, 3, 4, 5, 6]);
    const model = [0, ...(res.literals ?? []).map((lit) => (lit > 0 ? 1 : 0))];
    expect(firstFalsifiedClause(SMALL_SAT, model)).toBe(-1);
    expect(res.ms).toBeGreaterThanOrEqual(0);
  });

  it('writes a model covering the eliminated variables, and --no-elim keeps them all', async () => {
    // An implication chain 1 → 2 → … → 12, and 1 ∨ 13, 1 ∨ ¬13: eliminating 13 makes 1 a
    // fact, and every model has 1 … 12 true.
    const links = Array.from({ length: 11 }, (_, i) => [-(i + 1), i + 2]);
    // A second chain 14 → 15 → … → 73, whose middle variables elimination resolves away: over a
    // tenth of the formula's variables, enough for the search to start again on what is left.
    const longer = Array.from({ length: 59 }, (_, i) => [-(i + 14), i + 15]);
    // Beside a planted 3-SAT formula (variables 74…273) the search needs thousands of
    // conflicts, more than the short first search without elimination gets: so elimination
    // runs (the chains alone would be decided by that first search, never simplified).
    const hard = plantedKSat(createRng('hard-3'), 200, 852, 3).cnf.clauses.map((c) =>
      Array.from(c, (lit) => (lit > 0 ? lit + 73 : lit - 73)),
    );
    const chain = cnf(273, [[1, 13], [1, -13], ...links, ...longer, ...hard]);
    const file = await writeCnf(dir, 'chain.cnf', chain);
    for (const [flags, eliminated] of [
      [[], true],
      [['--no-elim'], false],
    ] as const) {
      const run = await percent('sat', file, '--json', ...flags);
      expect(run.code).toBe(10);
      const { stats } = JSON.parse(run.stdout) as { stats: { eliminated: number } };
      expect(stats.eliminated > 0).toBe(eliminated);
      const res = await readRes(path.join(dir, 'chain.res'));
      expect(res.literals?.slice(0, 12)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      // The model covers the eliminated variables: it satisfies every clause of the file.
      const model = Uint8Array.from({ length: 274 }, (_, v) =>
        (res.literals?.[v - 1] ?? 0) > 0 ? 1 : 0,
      );
      expect(firstFalsifiedClause(chain, model)).toBe(-1);
    }
  });

  it('proves PHP(4,3) unsatisfiable: exit 20, s 0, no v line', async () => {
    const run = await percent('sat', unsatFile);
    expect(run.code).toBe(20);
    expect(run.stdout).toContain('UNSATISFIABLE');
    const res = await readRes(path.join(dir, 'php-4-3.res'));
    expect(res.status).toBe('0');
    expect(res.literals).toBeNull();
    expect(res.lines).toHaveLength(2);
  });

  it('writes the result to --out instead of beside the input', async () => {
    const out = path.join(dir, 'elsewhere.res');
    const run = await percent('sat', unsatFile, '--out', out, '--mode', 'dpll');
    expect(run.code).toBe(20);
    expect((await readRes(out)).status).toBe('0');
    expect(run.stdout).toContain(out);
  });

  it('--print lists every parsed clause before the result', async () => {
    const run = await percent('sat', satFile, '--print', '--out', path.join(dir, 'p.res'));
    expect(run.code).toBe(10);
    const listing = run.stdout.slice(0, run.stdout.indexOf('file'));
    expect(listing.trim().split('\n').length).toBeGreaterThanOrEqual(SMALL_SAT.clauses.length);
    expect(run.stdout.indexOf('SATISFIABLE')).toBeGreaterThan(listing.length - 1);
  });

  it('--json prints one object with status, times and statistics', async () => {
    const run = await percent('sat', unsatFile, '--json', '--out', path.join(dir, 'j.res'));
    expect(run.code).toBe(20);
    const json = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ status: 'unsat', vars: 12, clauses: 22, mode: 'cdcl' });
    expect(typeof json.ms).toBe('number');
    expect(typeof json.parseMs).toBe('number');
    expect(Object.keys(json.stats as object)).toEqual(
      expect.arrayContaining(['decisions', 'propagations', 'conflicts', 'learned', 'restarts']),
    );
  });

  it('--quiet prints only the verdict', async () => {
    const run = await percent('sat', satFile, '--quiet', '--out', path.join(dir, 'q.res'));
    expect(run.code).toBe(10);
    expect(run.stdout).toBe('SATISFIABLE\n');
    expect(run.stderr).toBe('');
  });

  it('every mode and heuristic proves PHP(4,3) unsatisfiable', async () => {
    const combos = ['dpll', 'cdcl'].flatMap((mode) =>
      ['first', 'dlis', 'moms', 'jw', 'vsids'].map((heuristic) => ({ mode, heuristic })),
    );
    const runs = await Promise.all(
      combos.map(({ mode, heuristic }) =>
        percent(
          'sat',
          unsatFile,
          '--quiet',
          '--mode',
          mode,
          '--heuristic',
          heuristic,
          '--out',
          path.join(dir, `${mode}-${heuristic}.res`),
        ),
      ),
    );
    expect(runs.map((r) => r.code)).toEqual(combos.map(() => 20));
  });

  it('shows no progress line on a piped stderr, even for a big file', async () => {
    const file = path.join(dir, 'big.cnf');
    const comment = `c ${'x'.repeat(98)}\n`;
    await writeFile(file, comment.repeat(60_000) + formatDimacs(SMALL_SAT));
    const run = await percent('sat', file, '--out', path.join(dir, 'big.res'));
    expect(run.code).toBe(10);
    expect(run.stderr).toBe('');
    expect(run.stdout).not.toMatch(/[\r%]/);
  });

  it('leaves no temporary file behind', () => {
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
