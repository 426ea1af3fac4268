import { afterAll, describe, expect, it } from 'vitest';
import { createPuzzlePool } from './pool.ts';

describe('seeded generation on the puzzle workers', () => {
  const pool = createPuzzlePool({ kinds: [], threads: 1 });
  afterAll(() => pool.close());

  it('makes the same puzzle from the same seed, another from another seed, and grades it', async () => {
    const request = {
      variant: 'percent',
      difficulty: 'medium',
      seed: 'abc',
      timeMs: 10_000,
    } as const;
    const [a, b, c] = await Promise.all([
      pool.generateSeeded(request),
      pool.generateSeeded(request),
      pool.generateSeeded({ ...request, seed: 'abd' }),
    ]);
    expect(b.puzzle).toBe(a.puzzle);
    expect(b.solution).toBe(a.solution);
    expect(c.puzzle).not.toBe(a.puzzle);
    expect(a.grade).toEqual(await pool.grade('percent', a.puzzle, a.solution));
    expect(a.grade.difficulty).toBe('medium');
  }, 60_000);

  it('rejects a grade of a malformed puzzle with the reason', async () => {
    await expect(pool.grade('percent', '12', '0'.repeat(81))).rejects.toThrow(
      'puzzle: expected 81 cells, found 2 characters',
    );
  });
});
