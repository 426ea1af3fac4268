// `percent endgames`: distinct valid solved grids, reproducible from the seed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVariant, isSolved, parseGrid, type Grid, type VariantIdName } from '@percent/engine';
import { outputLines, percent, tempDir } from './cli-harness.ts';

let dir = '';
let cleanup = async (): Promise<void> => undefined;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

function gridOf(line: string): Grid {
  const parsed = parseGrid(line);
  if (!parsed.ok) throw new Error(`${line}: ${parsed.error.message}`);
  return parsed.grid;
}

function expectValidDistinct(lines: readonly string[], id: VariantIdName, count: number): void {
  expect(lines).toHaveLength(count);
  expect(new Set(lines).size).toBe(count);
  const variant = getVariant(id);
  for (const line of lines) {
    expect(line).toMatch(/^[1-9]{81}$/);
    expect(isSolved(variant, gridOf(line))).toBe(true);
  }
}

describe('percent endgames', () => {
  it('writes distinct solved percent grids; the same seed gives the same file', async () => {
    const out = path.join(dir, 'a.txt');
    const [first, again, other] = await Promise.all([
      percent('endgames', '--count', '2500', '--seed', '42', '--out', out),
      percent('endgames', '--count', '2500', '--seed', '42'),
      percent('endgames', '--count', '2500', '--seed', '43'),
    ]);
    expect([first.code, again.code, other.code]).toEqual([0, 0, 0]);
    const lines = outputLines(await readFile(out, 'utf8'));
    expectValidDistinct(lines, 'percent', 2500);
    expect(outputLines(again.stdout)).toEqual(lines);
    expect(outputLines(other.stdout)).not.toEqual(lines);
    expect(first.stderr).toMatch(/endgames: 2,500 percent grids in .*, seed 42/);
  });

  it('writes classic grids with --variant classic', async () => {
    const run = await percent('endgames', '--count', '1200', '--variant', 'classic', '--quiet');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const lines = outputLines(run.stdout);
    expectValidDistinct(lines, 'classic', 1200);
    // Classic grids, not percent ones: some break the percent sign's extra houses.
    const percentRules = getVariant('percent');
    expect(lines.some((line) => !isSolved(percentRules, gridOf(line)))).toBe(true);
  });

  it('rejects a bad count and a missing --count', async () => {
    const [zero, letters, missing] = await Promise.all([
      percent('endgames', '--count', '0'),
      percent('endgames', '--count', 'many'),
      percent('endgames'),
    ]);
    expect([zero.code, letters.code, missing.code]).toEqual([1, 1, 1]);
    expect(zero.stderr).toMatch(/--count.*'0'.*whole number from 1/);
    expect(missing.stderr).toMatch(/required option '--count <n>'/);
  });
});
