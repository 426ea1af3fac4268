// `percent encode`: the DIMACS file reads back, and its model is the solution `solve` prints.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeModel, formatGrid, parseDimacs, solveCnf, type Cnf } from '@percent/engine';
import { outputLines, percent, tempDir, writeLinesFile } from './cli-harness.ts';

const CLASSIC = '830600190002018000000030000040102005005000008289003700020000080000370040900024003';
/** A percent puzzle (unique under the percent rules). */
const PERCENT = '004070000701400000020000080000000000050900006000008020900000007300000000007000000';

let dir = '';
let cleanup = async (): Promise<void> => undefined;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

async function readCnfFile(file: string): Promise<{ cnf: Cnf; text: string }> {
  const text = await readFile(file, 'utf8');
  const parsed = parseDimacs(text, { strict: true });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return { cnf: parsed.cnf, text };
}

async function solved(puzzle: string, variant: string): Promise<string> {
  const file = await writeLinesFile(dir, `${variant}-${puzzle.slice(0, 6)}.txt`, [puzzle]);
  const answer = await percent('solve', file, '--variant', variant, '--quiet');
  expect(answer.code).toBe(0);
  return outputLines(answer.stdout)[0]!;
}

describe('percent encode', () => {
  it.each([
    ['classic', CLASSIC],
    ['percent', PERCENT],
  ])(
    'round-trips a %s puzzle through DIMACS to the solution solve gives',
    async (variant, puzzle) => {
      const out = path.join(dir, `${variant}.cnf`);
      const run = await percent('encode', puzzle, '--variant', variant, '--out', out);
      expect(run.code).toBe(0);
      const { cnf, text } = await readCnfFile(out);
      expect(cnf.numVars).toBe(729);
      expect(text).toMatch(new RegExp(`^c ${variant} sudoku`));
      expect(text).toContain('(r-1)*81 + (c-1)*9 + d');
      const result = solveCnf(cnf);
      expect(result.status).toBe('sat');
      if (result.status !== 'sat') return;
      expect(formatGrid(decodeModel(result.model), '0')).toBe(await solved(puzzle, variant));
    },
  );

  it('reads the puzzle from a file and writes to stdout', async () => {
    const file = await writeLinesFile(dir, 'one.txt', ['# one puzzle', CLASSIC.replace(/0/g, '.')]);
    const run = await percent('encode', file, '--variant', 'classic');
    expect(run.code).toBe(0);
    const parsed = parseDimacs(run.stdout, { strict: true });
    expect(parsed.ok && parsed.cnf.clauses.filter((c) => c.length === 1).length).toBe(
      [...CLASSIC].filter((c) => c !== '0').length,
    );
  });

  it('names the line and column of a bad puzzle, and rejects a file of several', async () => {
    const bad = await writeLinesFile(dir, 'bad.txt', [
      '',
      CLASSIC.slice(0, 10) + '?' + CLASSIC.slice(11),
    ]);
    const two = await writeLinesFile(dir, 'two.txt', [CLASSIC, CLASSIC]);
    const [badRun, twoRun] = await Promise.all([percent('encode', bad), percent('encode', two)]);
    expect(badRun.code).toBe(1);
    expect(badRun.stderr.trim()).toMatch(/bad\.txt:2:11: error: unexpected character "\?"/);
    expect(twoRun.code).toBe(1);
    expect(twoRun.stderr).toMatch(/two\.txt:2: error: expected one puzzle, found 2/);
  });

  it('agrees with MiniSat when it is installed', async (context) => {
    const minisat = await promisify(execFile)('minisat', ['--help']).then(
      () => true,
      (error: NodeJS.ErrnoException) => error.code !== 'ENOENT',
    );
    if (!minisat) context.skip();
    const cnfFile = path.join(dir, 'minisat.cnf');
    const resultFile = path.join(dir, 'minisat.out');
    await percent('encode', PERCENT, '--out', cnfFile);
    await promisify(execFile)('minisat', ['-verb=0', cnfFile, resultFile]).catch(
      (error: { code?: number }) => {
        if (error.code !== 10) throw error;
      },
    );
    const [status, literals] = (await readFile(resultFile, 'utf8')).split('\n');
    expect(status).toBe('SAT');
    const model = new Uint8Array(730);
    for (const lit of literals!.trim().split(/\s+/).map(Number)) if (lit > 0) model[lit] = 1;
    expect(formatGrid(decodeModel(model), '0')).toBe(await solved(PERCENT, 'percent'));
  });
});
