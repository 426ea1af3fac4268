// `percent generate`: reproducible from the seed; every puzzle unique, with its true grade.
import { describe, expect, it } from 'vitest';
import { getVariant, gradePuzzle, parseGrid, SudokuSolver, type Grid } from '@percent/engine';
import { outputLines, percent } from './cli-harness.ts';

function gridOf(text: string): Grid {
  const parsed = parseGrid(text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message}`);
  return parsed.grid;
}

describe('percent generate', () => {
  it('gives the same puzzles for the same seed, each unique and graded truthfully', async () => {
    const args = ['generate', '--count', '4', '--seed', 'lan-party'];
    const [first, again] = await Promise.all([percent(...args), percent(...args, '--quiet')]);
    expect([first.code, again.code]).toEqual([0, 0]);
    const lines = outputLines(first.stdout);
    expect(outputLines(again.stdout)).toEqual(lines);
    expect(lines).toHaveLength(4);
    const variant = getVariant('percent');
    const solver = new SudokuSolver(variant);
    for (const line of lines) {
      const match = /^([0-9]{81}) (easy|medium|hard|expert) (\d+)$/.exec(line);
      expect(match, line).not.toBeNull();
      const puzzle = gridOf(match![1]!);
      const count = solver.count(puzzle);
      expect(count.status === 'counted' && count.count).toBe(1);
      const grade = gradePuzzle(puzzle, variant);
      expect([grade.difficulty, grade.score]).toEqual([match![2], Number(match![3])]);
    }
    expect(first.stderr).toMatch(/generate: 4 percent puzzles in .*, seed lan-party/);
    expect(again.stderr).toBe('');
  });

  it('honours --difficulty, --holes and --symmetry', async () => {
    const run = await percent(
      'generate',
      '--count',
      '3',
      '--variant',
      'classic',
      '--difficulty',
      'easy',
      '--holes',
      '40-50',
      '--symmetry',
      'rotational',
      '--seed',
      '9',
    );
    expect(run.code).toBe(0);
    const lines = outputLines(run.stdout);
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      const [cells, difficulty] = line.split(' ');
      expect(difficulty).toBe('easy');
      const blanks = [...cells!].filter((c) => c === '0').length;
      expect(blanks).toBeGreaterThanOrEqual(40);
      expect(blanks).toBeLessThanOrEqual(50);
      for (let i = 0; i < 81; i++) expect(cells![i] === '0').toBe(cells![80 - i] === '0');
    }
  });

  it('rejects bad option values with a clear message', async () => {
    const runs = await Promise.all([
      percent('generate', '--holes', '60-20'),
      percent('generate', '--holes', '10-90'),
      percent('generate', '--difficulty', 'insane'),
      percent('generate', '--variant', 'killer'),
    ]);
    expect(runs.map((r) => r.code)).toEqual([1, 1, 1, 1]);
    expect(runs[0]!.stderr).toMatch(/--holes.*'60-20'.*minimum 60 is above the maximum 20/);
    expect(runs[1]!.stderr).toMatch(/only 81 cells/);
    expect(runs[2]!.stderr).toContain('easy, medium, hard, expert');
    expect(runs[3]!.stderr).toContain('classic, percent');
    for (const run of runs) expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  it('stops with exit 1 when nothing fits within the budget', async () => {
    const run = await percent(
      'generate',
      '--difficulty',
      'expert',
      '--holes',
      '10-12',
      '--timeout',
      '300',
      '--seed',
      '1',
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/no puzzle with --difficulty expert --holes 10-12 found in 300 ms/);
  });
});
