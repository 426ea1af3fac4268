// `percent solve`: one answer line per puzzle line, in order, each answer checked.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conflictsAt,
  createRng,
  formatGrid,
  generate,
  getVariant,
  isSolved,
  parseGrid,
  SudokuSolver,
  type Grid,
  type Variant,
} from '@percent/engine';
import {
  outputLines,
  percent,
  percentWithInput,
  startPercent,
  tempDir,
  writeLinesFile,
} from './cli-harness.ts';

const classic = getVariant('classic');
const percentRules = getVariant('percent');

/** A classic puzzle with exactly one solution. */
const CLASSIC = '830600190002018000000030000040102005005000008289003700020000080000370040900024003';
/** A classic puzzle whose givens repeat a digit on the anti-diagonal. */
const CLASSIC_ONLY =
  '003020600900305001001806400008102900700000008006708200002609500800203009005010300';
/** One row given: very many solutions. */
const OPEN = '123456789' + '0'.repeat(72);

let dir = '';
let cleanup = async (): Promise<void> => undefined;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

function grid(text: string): Grid {
  const parsed = parseGrid(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.grid;
}

/** The puzzle with one blank filled by a wrong digit that clashes with no given: no solution. */
function unsolvable(puzzle: string, variant: Variant): string {
  const board = grid(puzzle);
  const answer = new SudokuSolver(variant).count(board);
  if (answer.status !== 'counted' || answer.count !== 1) throw new Error('needs a unique puzzle');
  for (let cell = 0; cell < 81; cell++) {
    if (board[cell] !== 0) continue;
    for (let d = 1; d <= 9; d++) {
      if (d === answer.solution![cell] || conflictsAt(variant, board, cell, d).length > 0) continue;
      board[cell] = d;
      return formatGrid(board, '0');
    }
  }
  throw new Error('no candidate cell');
}

/** The answer line is a solution of `puzzle` under `variant`. */
function expectSolution(answer: string | undefined, puzzle: string, variant: Variant): void {
  expect(answer).toMatch(/^[1-9]{81}$/);
  const solution = grid(answer!);
  expect(isSolved(variant, solution)).toBe(true);
  const givens = grid(puzzle);
  for (let cell = 0; cell < 81; cell++)
    if (givens[cell] !== 0) expect(solution[cell]).toBe(givens[cell]);
}

describe('percent solve', () => {
  it('answers a mixed classic file line by line, naming each invalid line', async () => {
    const dead = unsolvable(CLASSIC, classic);
    const file = await writeLinesFile(dir, 'mixed.txt', [
      '# a comment, then a blank line',
      '',
      CLASSIC.replace(/0/g, '.'),
      dead,
      OPEN,
      '12345',
      CLASSIC.slice(0, 40) + 'x' + CLASSIC.slice(41),
      '33' + '0'.repeat(79),
    ]);
    const run = await percent('solve', file, '--variant', 'classic');
    const lines = outputLines(run.stdout);
    expect(lines).toHaveLength(6);
    expectSolution(lines[0], CLASSIC, classic);
    expect(lines.slice(1, 3)).toEqual(['unsolvable', 'multiple']);
    expect(lines[3]).toBe('invalid: expected 81 cells, found 5 characters');
    expect(lines[4]).toMatch(/^invalid: unexpected character "x" at position 41 \(R5C5\)/);
    // The house and cells as the engine describes them (`describeConflict`).
    expect(lines[5]).toMatch(/^invalid: givens conflict: 3 .*\brow 1\b.*: R1C1, R1C2$/);
    // Bad lines make the exit status 1 and are located as file:line:column on stderr.
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${file}:6: invalid puzzle: expected 81 cells`);
    expect(run.stderr).toContain(`${file}:7:41: invalid puzzle: unexpected character`);
    expect(run.stderr).toContain(`${file}:8:2: invalid puzzle: givens conflict`);
    expect(run.stderr).toMatch(
      /6 puzzles in .* puzzles\/s\): 1 solved, 1 unsolvable, 1 multiple, 3 invalid/,
    );
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  it('solves percent puzzles under the percent rules, from stdin and into --out', async () => {
    const made = generate({ variant: percentRules, rng: createRng(3) });
    if (made.status !== 'ok') throw new Error('generate failed');
    const puzzle = formatGrid(made.puzzle, '.');
    const dead = unsolvable(puzzle, percentRules);
    const out = path.join(dir, 'percent.out');
    const run = await percentWithInput(
      [puzzle, dead, CLASSIC_ONLY].join('\n'),
      'solve',
      '--out',
      out,
    );
    expect(run.stdout).toBe('');
    const lines = outputLines(await readFile(out, 'utf8'));
    expect(lines).toHaveLength(3);
    expectSolution(lines[0], puzzle, percentRules);
    expect(lines[0]).toBe(formatGrid(made.solution, '0'));
    expect(lines[1]).toBe('unsolvable');
    // The classic puzzle's givens break the anti-diagonal, which the percent rules add.
    expect(lines[2]).toMatch(/^invalid: givens conflict: 2 .*\banti-diagonal\b.*: R4C6, R7C3$/);
    expect(run.stderr).toContain('<stdin>:3:57: invalid puzzle');
  });

  it('reports an unreadable input, and refuses to write over its own input', async () => {
    const input = await writeLinesFile(dir, 'keep.txt', [CLASSIC]);
    const [missing, overwrite] = await Promise.all([
      percent('solve', path.join(dir, 'nope.txt')),
      percent('solve', input, '--out', path.join(dir, '.', 'keep.txt')),
    ]);
    expect([missing.code, overwrite.code]).toEqual([1, 1]);
    expect(missing.stderr.trim()).toMatch(/nope\.txt'?: no such file$/);
    expect(overwrite.stderr).toContain('is the input file');
    expect(await readFile(input, 'utf8')).toBe(CLASSIC + '\n');
  });

  it('stops cleanly on Ctrl-C, keeping the answers written so far', async () => {
    const total = 30_000;
    const file = await writeLinesFile(dir, 'many.txt', Array<string>(total).fill(CLASSIC));
    let sent = false;
    const run = await startPercent(['solve', file, '--variant', 'classic'], (_chunk, child) => {
      if (sent) return;
      sent = true;
      child.kill('SIGINT');
    });
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('interrupted');
    const lines = outputLines(run.stdout);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThan(total);
    expect(new Set(lines).size).toBe(1);
    expectSolution(lines[0], CLASSIC, classic);
    expect(run.stdout.endsWith('\n')).toBe(true);
  });
});
