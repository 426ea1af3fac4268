import {
  getVariant,
  gradePuzzle,
  isSolved,
  parseGrid,
  SudokuSolver,
  type Grid,
  type VariantIdName,
} from '@percent/engine';
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createPuzzlePool, type PoolPuzzle, type PuzzlePool } from './pool.ts';

function grid(text: string): Grid {
  const parsed = parseGrid(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.grid;
}

/** The puzzle has exactly one solution, it is `solution`, and the grade matches. */
function expectValid(p: PoolPuzzle, variantId: VariantIdName): void {
  const variant = getVariant(variantId);
  const puzzle = grid(p.puzzle);
  const solution = grid(p.solution);
  expect(p.variant).toBe(variantId);
  expect(p.puzzle).toMatch(/^[0-9]{81}$/);
  expect(isSolved(variant, solution)).toBe(true);
  const counted = new SudokuSolver(variant).count(puzzle);
  expect(counted).toMatchObject({ status: 'counted', count: 1 });
  if (counted.status === 'counted')
    expect(Array.from(counted.solution!)).toEqual(Array.from(solution));
  for (let cell = 0; cell < 81; cell++)
    if (puzzle[cell] !== 0) expect(puzzle[cell]).toBe(solution[cell]);
  expect(p.clues).toBe(puzzle.filter((d) => d !== 0).length);
  expect(gradePuzzle(puzzle, variant, solution).difficulty).toBe(p.difficulty);
}

/** Each thread of this process (Linux /proc) and its nice value. */
function niceOfThreads(): Map<number, number> {
  const threads = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Field 19 (nice), counted after the parenthesised name.
    threads.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return threads;
}

async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the pool');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('puzzle pool', () => {
  let pool: PuzzlePool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('fills its shelf, hands out unique valid puzzles of the kind asked, and refills', async () => {
    pool = createPuzzlePool({ perKind: 2, kinds: [{ variant: 'percent', difficulty: 'easy' }] });
    await until(() => pool!.ready('percent', 'easy') === 2);
    const first = await pool.take('percent', 'easy');
    expect(pool.ready('percent', 'easy')).toBe(1);
    expectValid(first, 'percent');
    expect(first.difficulty).toBe('easy');
    await until(() => pool!.ready('percent', 'easy') === 2);
    const second = await pool.take('percent', 'easy');
    expectValid(second, 'percent');
    expect(second.puzzle).not.toBe(first.puzzle);
  });

  it.skipIf(process.platform !== 'linux')(
    'generates on threads of lower priority than the event loop (nice 10, Linux)',
    async () => {
      const before = niceOfThreads();
      pool = createPuzzlePool({
        perKind: 1,
        threads: 2,
        kinds: [{ variant: 'percent', difficulty: 'easy' }],
      });
      await until(() => pool!.ready('percent', 'easy') === 1);
      const after = niceOfThreads();
      const lowered = [...after].filter(([tid, nice]) => nice === 10 && !before.has(tid));
      // Each worker, and the threads it started itself (tsx's loader), which inherit it.
      expect(lowered.length).toBeGreaterThanOrEqual(2);
      expect(after.get(process.pid)).toBe(0); // the main thread (the event loop) is untouched
    },
  );

  it('serves concurrent takes, including kinds it does not keep, all distinct', async () => {
    pool = createPuzzlePool({
      perKind: 1,
      threads: 2,
      kinds: [{ variant: 'percent', difficulty: 'easy' }],
    });
    const taken = await Promise.all([
      pool.take('percent', 'easy'),
      pool.take('percent', 'easy'),
      pool.take('percent', 'easy'),
      pool.take('percent', 'medium'),
      pool.take('classic', 'easy'),
    ]);
    expect(taken.map((p) => [p.variant, p.difficulty])).toEqual([
      ['percent', 'easy'],
      ['percent', 'easy'],
      ['percent', 'easy'],
      ['percent', 'medium'],
      ['classic', 'easy'],
    ]);
    for (const p of taken) expectValid(p, p.variant);
    expect(new Set(taken.map((p) => p.puzzle)).size).toBe(taken.length);
    // Only the configured kind is kept ready.
    await until(() => pool!.ready('percent', 'easy') === 1);
    expect(pool.ready('percent', 'medium')).toBe(0);
  });

  it('rejects a take whose generation fails with the reason, and keeps working', async () => {
    pool = createPuzzlePool({ perKind: 0 });
    await expect(pool.take('hexagonal' as VariantIdName, 'easy')).rejects.toThrow(
      /Could not generate a hexagonal easy puzzle \(seed [0-9a-f]{32}\): unknown variant "hexagonal"/,
    );
    expectValid(await pool.take('percent', 'easy'), 'percent');
  });

  it('survives workers that cannot start: takes reject with the reason or a deadline', async () => {
    pool = createPuzzlePool({
      perKind: 0,
      budgetMs: 200,
      workerFile: new URL('./testing/failing-worker.mjs', import.meta.url),
    });
    await expect(pool.take('percent', 'easy')).rejects.toThrow(
      /Could not generate a percent easy puzzle .*: this worker fails on purpose/,
    );
    await expect(pool.take('percent', 'easy')).rejects.toThrow(
      /Could not generate a percent easy puzzle .*(fails on purpose|not done within 600 ms)/,
    );
  });

  it('rejects takes after close and waiting takes at close', async () => {
    pool = createPuzzlePool({ perKind: 0 });
    const waiting = expect(pool.take('percent', 'hard')).rejects.toThrow(
      /closed before a puzzle was ready/,
    );
    await pool.close();
    await waiting;
    await expect(pool.take('percent', 'easy')).rejects.toThrow(/closed/);
  });
});
