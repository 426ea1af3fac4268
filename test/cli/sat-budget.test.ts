// `percent sat` budgets, Ctrl-C and --compare: undecided runs exit 0 with `s -1`, and the
// optimisation rate is printed exactly or as a bound.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng, pigeonhole, randomKSat } from '@percent/engine';
import { percent, readRes, startPercent, tempDir, writeCnf } from './cli-harness.ts';

let dir = '';
let cleanup = async (): Promise<void> => undefined;
/** PHP(11,10): far beyond plain DPLL in a test's time. */
let hardFile = '';
/** Random 3-SAT, 150 variables at ratio 5: UNSAT, seconds for DPLL + first, ms for CDCL. */
let gapFile = '';
let smallFile = '';

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir());
  hardFile = await writeCnf(dir, 'php-11-10.cnf', pigeonhole(11, 10));
  gapFile = await writeCnf(dir, 'r150.cnf', randomKSat(createRng(1), 150, 750, 3));
  smallFile = await writeCnf(dir, 'php-4-3.cnf', pigeonhole(4, 3));
});
afterAll(() => cleanup());

describe('percent sat: budgets', () => {
  it('--timeout on a hard instance: exit 0, UNKNOWN (time), s -1', async () => {
    const run = await percent('sat', hardFile, '--mode', 'dpll', '--timeout', '400');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('UNKNOWN (time)');
    const res = await readRes(path.join(dir, 'php-11-10.res'));
    expect(res.status).toBe('-1');
    expect(res.literals).toBeNull();
    expect(res.ms).toBeGreaterThanOrEqual(300);
  });

  it('--conflicts stops after that many conflicts', async () => {
    const out = path.join(dir, 'c.res');
    const run = await percent('sat', hardFile, '--conflicts', '5', '--json', '--out', out);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as { status: string; reason: string };
    expect(json).toMatchObject({ status: 'unknown', reason: 'conflicts' });
    expect((await readRes(out)).status).toBe('-1');
  });

  it('Ctrl-C aborts the search: still reports, writes s -1 and exits 0', async () => {
    const out = path.join(dir, 'int.res');
    let sent = false;
    // --print writes before the solve starts, so its first chunk says the CLI is running.
    const run = await startPercent(
      ['sat', hardFile, '--mode', 'dpll', '--print', '--out', out],
      (_chunk, child) => {
        if (sent) return;
        sent = true;
        setTimeout(() => child.kill('SIGINT'), 300);
      },
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('UNKNOWN (aborted)');
    expect(run.stderr).toContain('interrupted');
    expect((await readRes(out)).status).toBe('-1');
  });
});

describe('percent sat --compare', () => {
  it('prints both times and the exact rate when both runs decide', async () => {
    const run = await percent('sat', smallFile, '--compare');
    expect(run.code).toBe(20);
    expect(run.stdout).toMatch(/baseline time\s+t\s+= \d+\.\d ms/);
    expect(run.stdout).toMatch(/optimised time\s+t_o = \d+\.\d ms/);
    expect(run.stdout).toMatch(/optimisation rate \(t - t_o\) \/ t = -?\d+\.\d%/);
    expect(run.stdout).toContain('dpll + first');
    expect(run.stdout).toContain('cdcl + vsids');
  });

  it('gives a lower bound when the baseline hits the timeout', async () => {
    const run = await percent('sat', gapFile, '--compare', '--timeout', '300');
    expect(run.code).toBe(20);
    expect(run.stdout).toContain('hit the 300 ms timeout');
    expect(run.stdout).toMatch(/= >= \d+\.\d%/);
    expect(run.stdout).toContain('lower bound');
    expect((await readRes(path.join(dir, 'r150.res'))).status).toBe('0');
  });

  it('--json carries both runs and the rate', async () => {
    const out = path.join(dir, 'cj.res');
    const run = await percent('sat', smallFile, '--compare', '--json', '--out', out);
    const json = JSON.parse(run.stdout) as Record<string, { status?: string; bound?: string }>;
    expect(json.baseline).toMatchObject({ status: 'unsat', mode: 'dpll', heuristic: 'first' });
    expect(json.optimised).toMatchObject({ status: 'unsat', mode: 'cdcl', heuristic: 'vsids' });
    expect(json.rate).toMatchObject({ bound: 'exact' });
  });
});
