// `percent grade` and `percent hint`: text for people, JSON shapes for programs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIFFICULTIES, Technique } from '@percent/engine';
import { outputLines, percent, tempDir, writeLinesFile } from './cli-harness.ts';

const PUZZLE = '830600190002018000000030000040102005005000008289003700020000080000370040900024003';
const SOLUTION =
  '834657192592418376671239854746182935315796428289543761423961587168375249957824613';
const TECHNIQUES: readonly string[] = Object.values(Technique);

let dir = '';
let cleanup = async (): Promise<void> => undefined;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

/** The puzzle's board with `cell` (0-based) set to `digit`. */
function withEntry(cell: number, digit: number): string {
  return PUZZLE.slice(0, cell) + digit + PUZZLE.slice(cell + 1);
}

describe('percent grade', () => {
  it('prints the grade of every puzzle of a file as JSON lines', async () => {
    const file = await writeLinesFile(dir, 'two.txt', [
      PUZZLE,
      '# again, dotted',
      PUZZLE.replace(/0/g, '.'),
    ]);
    const run = await percent('grade', file, '--variant', 'classic', '--json');
    expect(run.code).toBe(0);
    const [first, second] = outputLines(run.stdout).map((line) => JSON.parse(line));
    expect(first.where).toBe(`${file}:1`);
    expect(second.where).toBe(`${file}:3`);
    expect(first.puzzle).toBe(PUZZLE);
    expect(first.variant).toBe('classic');
    const { grade } = first;
    expect(DIFFICULTIES).toContain(grade.difficulty);
    expect(grade.score).toBeGreaterThan(0);
    expect(grade.solvedByLogic).toBe(true);
    expect(TECHNIQUES).toContain(grade.hardest);
    const counted = Object.values(grade.counts as Record<string, number>).reduce(
      (a, b) => a + b,
      0,
    );
    expect(counted).toBe(grade.steps);
    expect(second.grade).toEqual(grade);
    expect(first.steps).toBeUndefined();
  });

  it('lists every step with --steps, in text and in JSON', async () => {
    const [text, json] = await Promise.all([
      percent('grade', PUZZLE, '--variant', 'classic', '--steps'),
      percent('grade', PUZZLE, '--variant', 'classic', '--steps', '--json'),
    ]);
    expect([text.code, json.code]).toEqual([0, 0]);
    const report = JSON.parse(json.stdout);
    expect(report.steps).toHaveLength(report.grade.steps);
    expect(text.stdout).toMatch(/^difficulty\s+(easy|medium|hard|expert)$/m);
    expect(text.stdout).toMatch(/^hardest\s+[a-z-]+$/m);
    expect(text.stdout).toContain(`\n 1. ${report.steps[0].explanation}\n`);
  });

  it('refuses a puzzle without a unique solution, naming where it came from', async () => {
    const run = await percent('grade', '123456789' + '.'.repeat(72), '--variant', 'classic');
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      '<argument>: error: the puzzle has more than one solution under the classic rules; a proper puzzle has exactly one',
    );
  });
});

describe('percent hint', () => {
  it('gives the next step on the bare puzzle', async () => {
    const run = await percent('hint', PUZZLE, '--variant', 'classic', '--json');
    expect(run.code).toBe(0);
    const { hint, look, board } = JSON.parse(run.stdout);
    expect(board).toBe(PUZZLE);
    expect(hint.kind).toBe('step');
    expect(TECHNIQUES).toContain(hint.step.technique);
    expect(typeof hint.step.explanation).toBe('string');
    for (const { cell, digit } of hint.step.placements) expect(SOLUTION[cell]).toBe(String(digit));
    expect(look.length).toBeGreaterThan(0);
  });

  it('names a wrong entry first, in JSON and on the drawn board', async () => {
    // R1C3 holds 4 in the solution; 7 clashes with nothing there.
    const board = withEntry(2, 7);
    const [json, text] = await Promise.all([
      percent('hint', PUZZLE, '--board', board, '--variant', 'classic', '--json'),
      percent('hint', PUZZLE, '--board', board, '--variant', 'classic'),
    ]);
    const { hint, look } = JSON.parse(json.stdout);
    expect(hint.kind).toBe('wrong');
    expect(hint.cells).toEqual([2]);
    expect(look).toEqual(['R1C3']);
    expect(text.stdout).toContain('R1C3 is wrong');
    expect(text.stdout).toContain(' 1 | 8  3 <7>| 6  .  . |');
  });

  it('says solved on the solved board and rejects a board that changes a given', async () => {
    const [done, changed] = await Promise.all([
      percent('hint', PUZZLE, '--board', SOLUTION, '--variant', 'classic', '--json'),
      percent('hint', PUZZLE, '--board', withEntry(0, 5), '--variant', 'classic'),
    ]);
    expect(JSON.parse(done.stdout).hint.kind).toBe('solved');
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain('the board has 5 in R1C1, where the puzzle gives 8');
  });
});
