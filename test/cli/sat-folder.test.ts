// `percent sat DIR/` (folder mode) through the launcher and the bundle: every .cnf below the
// folder is solved on worker threads, each .res written, a table in input order and a
// summary printed; a bad file is an error row with file:line:column and the rest go on;
// --json prints JSON Lines; Ctrl-C keeps what finished. Formulas are generated.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnf, createRng, pigeonhole, plantedKSat } from '@percent/engine';
import { outputLines, readRes, tempDir, writeCnf } from './cli-harness.ts';
import { freshBundle, percentBin, startBin } from './bin-harness.ts';

let dir = '';
let cleanup = async (): Promise<void> => undefined;
/** a.cnf (SAT), b-php.cnf (UNSAT), bad.cnf (a DIMACS error at 3:4), sub/c.cnf (SAT), notes.txt. */
let set = '';

beforeAll(async () => {
  await freshBundle();
  ({ dir, cleanup } = await tempDir());
  set = path.join(dir, 'set');
  await mkdir(path.join(set, 'sub'), { recursive: true });
  await writeCnf(set, 'a.cnf', plantedKSat(createRng(7), 40, 160, 3).cnf);
  await writeCnf(set, 'b-php.cnf', pigeonhole(5, 4));
  await writeFile(path.join(set, 'bad.cnf'), 'p cnf 2 2\n1 0\n-1 x 0\n');
  await writeCnf(path.join(set, 'sub'), 'c.cnf', cnf(2, [[1], [-1, 2]]));
  await writeFile(path.join(set, 'notes.txt'), 'not a formula\n');
});
afterAll(() => cleanup());

async function resFilesIn(folder: string): Promise<string[]> {
  const names = await readdir(folder, { recursive: true });
  return names.filter((name) => name.endsWith('.res')).sort();
}

describe('percent sat DIR/', () => {
  it('solves every .cnf below the folder, writes each .res, prints the table and summary', async () => {
    const run = await percentBin('sat', set, '--jobs', '2');
    expect(run.code, run.stderr).toBe(1); // one file failed
    const lines = outputLines(run.stdout);
    expect(lines[0]).toMatch(/^file\s+vars\s+clauses\s+status\s+ms\s+conflicts$/);
    const rows = lines.slice(1, 5);
    expect(rows.map((row) => path.relative(set, row.split(/\s+/)[0]!))).toEqual([
      'a.cnf',
      'b-php.cnf',
      'bad.cnf',
      path.join('sub', 'c.cnf'),
    ]);
    expect(rows[0]).toMatch(/\s40\s+160\s+SAT\s/);
    expect(rows[1]).toMatch(/\s20\s+\d+\s+UNSAT\s/);
    expect(rows[2]).toMatch(/ERROR .*bad\.cnf:3:4: error: /);
    expect(lines.slice(5).join('\n')).toMatch(
      /^4 files: 2 sat, 1 unsat, 0 unknown, 1 error\nsolve time: total [\d.]+ ms, median [\d.]+ ms; wall [\d.]+ s with 2 jobs$/,
    );
    expect(await resFilesIn(set)).toEqual(['a.res', 'b-php.res', path.join('sub', 'c.res')]);
    expect((await readRes(path.join(set, 'a.res'))).literals).toHaveLength(40);
    expect((await readRes(path.join(set, 'b-php.res'))).status).toBe('0');
  });

  it('takes files and folders together, --out DIR keeping the layout, exit 0 with no error', async () => {
    const out = path.join(dir, 'out');
    const run = await percentBin(
      'sat',
      path.join(set, 'a.cnf'),
      path.join(set, 'sub'),
      '--out',
      out,
      '--jobs',
      '1',
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/2 files: 2 sat, 0 unsat, 0 unknown, 0 errors/);
    expect(run.stdout).toMatch(/with 1 job$/m);
    expect(await resFilesIn(out)).toEqual(['a.res', 'c.res']);
  });

  it('--quiet prints only the summary, but still says which file failed and why', async () => {
    const run = await percentBin('sat', set, '--quiet', '--jobs', '1');
    expect(run.code).toBe(1);
    expect(outputLines(run.stdout)[0]).toMatch(/^4 files: 2 sat, 1 unsat, 0 unknown, 1 error$/);
    expect(run.stderr).toMatch(/bad\.cnf:3:4: error: /);
  });

  it("writes one file's result into a folder given as --out", async () => {
    const out = path.join(dir, 'one-out');
    await mkdir(out);
    const run = await percentBin('sat', path.join(set, 'b-php.cnf'), '--out', out, '--quiet');
    expect(run.code, run.stderr).toBe(20);
    expect((await readRes(path.join(out, 'b-php.res'))).status).toBe('0');
  });

  it('--json prints one JSON object per file, then a summary line', async () => {
    const run = await percentBin('sat', set, '--json', '--jobs', '2');
    expect(run.code).toBe(1);
    const objects = outputLines(run.stdout).map(
      (line) => JSON.parse(line) as Record<string, unknown>,
    );
    expect(objects).toHaveLength(5);
    const byName = new Map(objects.slice(0, 4).map((o) => [path.basename(String(o.file)), o]));
    expect(byName.get('a.cnf')).toMatchObject({ status: 'sat', vars: 40, clauses: 160 });
    expect(byName.get('b-php.cnf')).toMatchObject({
      status: 'unsat',
      res: path.join(set, 'b-php.res'),
    });
    expect(String(byName.get('bad.cnf')?.error)).toMatch(/bad\.cnf:3:4: error: /);
    expect(objects[4]).toMatchObject({
      summary: true,
      files: 4,
      sat: 2,
      unsat: 1,
      errors: 1,
      jobs: 2,
    });
  });

  it('applies --timeout to each file: an undecided file is UNKNOWN (time), s -1', async () => {
    const hard = path.join(dir, 'hard');
    await mkdir(hard);
    await writeCnf(hard, 'php-11-10.cnf', pigeonhole(11, 10));
    await writeCnf(hard, 'easy.cnf', cnf(1, [[1]]));
    const run = await percentBin('sat', hard, '--timeout', '300', '--mode', 'dpll');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/php-11-10\.cnf .*UNKNOWN .*\(time\)/);
    expect(run.stdout).toMatch(/2 files: 1 sat, 0 unsat, 1 unknown, 0 errors/);
    expect((await readRes(path.join(hard, 'php-11-10.res'))).status).toBe('-1');
  });

  it('rejects --compare in folder mode', async () => {
    const run = await percentBin('sat', set, '--compare');
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('percent: --compare works on one file, not in folder mode');
  });

  it('stops on Ctrl-C: exit 130, finished .res files kept, a summary of what finished', async () => {
    const slow = path.join(dir, 'slow');
    await mkdir(slow);
    for (const name of ['a1', 'a2']) await writeCnf(slow, `${name}.cnf`, cnf(1, [[1]]));
    for (const name of ['z1', 'z2']) await writeCnf(slow, `${name}.cnf`, pigeonhole(12, 11));
    let seen = '';
    let sent = false;
    const run = await startBin(['sat', slow, '--jobs', '1', '--mode', 'dpll'], {
      onStdout: (chunk, child) => {
        seen += chunk;
        // a1 and a2 are done once both rows are out; z1 is then running.
        if (!sent && seen.includes('a2.cnf')) {
          sent = true;
          setTimeout(() => child.kill('SIGINT'), 300);
          // Should the interrupt be ignored, the solve would run for hours: end it anyway.
          setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
        }
      },
    });
    expect(run.code, run.stderr).toBe(130);
    expect(run.stderr).toContain('interrupted: stopping the workers');
    expect(run.stdout).toMatch(/2 files: 2 sat, 0 unsat, 0 unknown, 0 errors/);
    expect(run.stdout).toMatch(/interrupted: 2 of 4 files finished/);
    expect(await resFilesIn(slow)).toEqual(['a1.res', 'a2.res']);
    expect((await readdir(slow)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    await rm(slow, { recursive: true });
  });
});
