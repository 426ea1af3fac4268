// `percent sat` on bad input and bad usage: one clear line on stderr, exit 1, no stack.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnf } from '@percent/engine';
import { percent, tempDir, writeCnf } from './cli-harness.ts';

let dir = '';
let cleanup = async (): Promise<void> => undefined;
let goodFile = '';

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir());
  goodFile = await writeCnf(dir, 'good.cnf', cnf(2, [[1, 2], [-1]]));
});
afterAll(() => cleanup());

function expectNoStack(stderr: string): void {
  expect(stderr).not.toMatch(/^\s+at /m);
}

describe('percent sat: bad input', () => {
  it('reports a parse error as file:line:col: error: …', async () => {
    const file = path.join(dir, 'bad.cnf');
    await writeFile(file, 'c a bad file\np cnf 3 2\n1 -2 0\n2 x 3 0\n');
    const run = await percent('sat', file);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^${file.replace(/[.\\/]/g, '\\$&')}:4:\\d+: error: `));
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expectNoStack(run.stderr);
    expect(run.stdout).toBe('');
  });

  it('prints warnings and goes on; --strict makes the count mismatch an error', async () => {
    const file = path.join(dir, 'miscount.cnf');
    await writeFile(file, 'p cnf 2 3\n1 2 0\n-1 0\n');
    const loose = await percent('sat', file);
    expect(loose.code).toBe(10);
    expect(loose.stderr).toMatch(/miscount\.cnf:\d+:\d+: warning: /);
    const strict = await percent('sat', file, '--strict');
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/miscount\.cnf:\d+:\d+: error: /);
  });

  it('reports a missing file on one line', async () => {
    const run = await percent('sat', path.join(dir, 'nope.cnf'));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/nope\.cnf.*no such file/);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('reports a folder without .cnf files (a folder is folder mode)', async () => {
    const empty = path.join(dir, 'empty');
    await mkdir(empty);
    await writeFile(path.join(empty, 'notes.txt'), 'p cnf 1 1\n1 0\n');
    const run = await percent('sat', empty);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/no \.cnf files in .*empty/);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('percent sat: bad usage', () => {
  it('rejects an unknown heuristic and lists the valid ones', async () => {
    const run = await percent('sat', goodFile, '--heuristic', 'foo');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('first, dlis, moms, jw, vsids');
    expectNoStack(run.stderr);
  });

  it('rejects an unknown mode, a negative timeout and a zero conflict budget', async () => {
    const runs = await Promise.all([
      percent('sat', goodFile, '--mode', 'walksat'),
      percent('sat', goodFile, '--timeout', '-3'),
      percent('sat', goodFile, '--conflicts', '0'),
    ]);
    expect(runs.map((r) => r.code)).toEqual([1, 1, 1]);
    expect(runs[0]?.stderr).toContain('dpll, cdcl');
    expect(runs[1]?.stderr).toMatch(/--timeout.*-3.*positive whole number/);
    expect(runs[2]?.stderr).toMatch(/--conflicts.*positive whole number/);
  });

  it('rejects an unknown option and a missing file argument', async () => {
    const [unknown, missing] = await Promise.all([
      percent('sat', goodFile, '--bogus'),
      percent('sat'),
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("unknown option '--bogus'");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("missing required argument 'file'");
  });

  it('--help lists every option with examples', async () => {
    const [top, sat] = await Promise.all([percent('--help'), percent('sat', '--help')]);
    expect(top.code).toBe(0);
    expect(top.stdout).toContain('sat');
    expect(sat.code).toBe(0);
    for (const option of ['--heuristic', '--mode', '--timeout', '--conflicts', '--print']) {
      expect(sat.stdout).toContain(option);
    }
    for (const option of ['--out', '--strict', '--quiet', '--json', '--compare', 'Examples:']) {
      expect(sat.stdout).toContain(option);
    }
  });
});
