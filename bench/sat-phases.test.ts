import { describe, expect, it } from 'vitest';
import type { Instance } from './sat-data.ts';
import type { InstanceResult } from './sat-judge.ts';
import { renderPhases, renderPhaseTargets } from './sat-phases.ts';

/** One file of `set`: ours `ms` in-process (+1 ms parse), minisat `cpu` ms; walls given. */
function run(
  set: string,
  file: string,
  times: { ms: number; cpu: number; wall?: number; minisatWall?: number },
  conflicts = { ours: 10, minisat: 10 },
): InstanceResult {
  const instance: Instance = {
    path: `${set}/${file}`,
    absPath: `/data/${set}/${file}`,
    set,
    ...{ vars: 10, clauses: 20, expected: 'SAT', verified: 'SAT', verifiedBy: 'minisat' },
    trailer: false,
  };
  const phases = { xorMs: 0.5, eliminateMs: 0, loadMs: 1.5, searchMs: times.ms - 2 };
  const decided = { verdict: 'SAT', censored: false, note: '', error: false } as const;
  return {
    instance,
    ours: {
      ...decided,
      ...{ ms: times.ms, wallMs: times.wall ?? times.ms + 80, parseMs: 1 },
      ...{ phases, conflicts: conflicts.ours },
    },
    minisat: {
      ...decided,
      ...{ ms: times.cpu, wallMs: times.minisatWall ?? times.cpu + 2 },
      conflicts: conflicts.minisat,
    },
    extras: {},
  };
}

describe('renderPhaseTargets', () => {
  it('names the families over 2× in-process and sums the rest', () => {
    const text = renderPhaseTargets([
      run('aim', 'a.cnf', { ms: 9, cpu: 5 }), // (9 + 1) / 5 = 2.00×: within
      run('ii', 'b.cnf', { ms: 29, cpu: 10 }), // 3.00×: over
    ]);
    expect(text).toContain(
      '**Every family ≤ 2× MiniSat in-process:** **missed** — 1 of 2 sets within. Over: ii 3.00×.',
    );
    expect(text).toContain(
      '**Total ≤ 1.5× MiniSat in-process:** **missed** — 40.0 ms vs 15.0 ms = 2.67×.',
    );
  });

  it('counts files whose whole process exceeds MiniSat’s by more than 100 ms', () => {
    const slow = run('qg', 'a.cnf', { ms: 1, cpu: 1, wall: 300, minisatWall: 150 });
    const fine = run('qg', 'b.cnf', { ms: 1, cpu: 1, wall: 240, minisatWall: 150 });
    const both = {
      ...slow,
      ours: { ...slow.ours, censored: true },
      minisat: { ...slow.minisat!, censored: true },
    };
    expect(renderPhaseTargets([fine])).toContain(
      '+ 100 ms on every file** (files both left undecided aside): met — 0 file(s) over.',
    );
    expect(renderPhaseTargets([slow, fine])).toContain('**missed** — 1 file(s) over: qg 1.');
    // Both undecided: the limits differ, not the solvers.
    expect(renderPhaseTargets([both, fine])).toContain('met — 0 file(s) over.');
  });

  it('holds uf250 and uuf250 median conflicts against MiniSat’s', () => {
    const results = [
      run('uf250-1065', 'a.cnf', { ms: 10, cpu: 10 }, { ours: 100, minisat: 300 }),
      run('uf250-1065', 'b.cnf', { ms: 10, cpu: 10 }, { ours: 500, minisat: 200 }),
      run('uf250-1065', 'c.cnf', { ms: 10, cpu: 10 }, { ours: 200, minisat: 900 }),
      run('uuf250-1065', 'a.cnf', { ms: 10, cpu: 10 }, { ours: 700, minisat: 600 }),
    ];
    const text = renderPhaseTargets(results);
    expect(text).toContain("uf250-1065: median conflicts ≤ MiniSat's:** met — 200 vs 300.");
    expect(text).toContain("uuf250-1065: median conflicts ≤ MiniSat's:** **missed** — 700 vs 600.");
  });
});

describe('renderPhases', () => {
  it('shows ours faster as a negative difference', () => {
    const text = renderPhases([run('qg', 'a.cnf', { ms: 1, cpu: 1, wall: 100, minisatWall: 350 })]);
    expect(text.split('\n').find((l) => l.startsWith('| qg '))).toContain('| −250 |');
  });

  it('sums each phase over a set, in table order', () => {
    const text = renderPhases([
      run('ii', 'a.cnf', { ms: 12, cpu: 2 }),
      run('ii', 'b.cnf', { ms: 8, cpu: 2 }),
    ]);
    const row = text.split('\n').find((line) => line.startsWith('| ii '));
    // parse 2, XOR 1, elim 0, load 3, search 16, in-process 22 vs 4 = 5.50×.
    expect(row).toMatch(
      /^\| ii \| 2 \| 2\.00 \| 1\.00 \| 0\.00 \| 3\.00 \| 16\.0 \| 22\.0 \| 4\.00 \| 5\.50× \|/,
    );
  });
});
