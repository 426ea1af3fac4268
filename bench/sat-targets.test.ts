import { describe, expect, it } from 'vitest';
import type { Instance, Status } from './sat-data.ts';
import type { InstanceResult, SetTotals } from './sat-judge.ts';
import type { TimeSum } from './sat-net.ts';
import type { OursRun } from './sat-runners.ts';
import {
  binTarget,
  checkParityTarget,
  correctTarget,
  familyTarget,
  folderTarget,
  uf250Target,
} from './sat-targets.ts';

function sum(ms: number, censored = false): TimeSum {
  return { ms, censored, runs: 10, decided: censored ? 9 : 10 };
}

/** A set whose net (start-up subtracted) totals are `ours` and `minisat` ms. */
function totals(set: string, ours: TimeSum, minisat: TimeSum | undefined): SetTotals {
  const counts = { correct: 10, wrong: 0, undecided: 0, unchecked: 0, error: 0 };
  const net = minisat === undefined ? { ours } : { ours, minisat };
  return { set, available: 10, files: 10, counts, ours, parseMs: 0, net };
}

function result(path: string, verified: Status, verdict: Status, ms: number): InstanceResult {
  const instance: Instance = {
    path,
    absPath: `/data/${path}`,
    set: path.slice(0, path.lastIndexOf('/')),
    ...{ vars: 10, clauses: 20, expected: verified, verified, verifiedBy: 'minisat' },
    trailer: false,
  };
  const censored = verdict === 'UNKNOWN';
  const ours: OursRun = {
    ...{ verdict, ms, wallMs: ms + 100, parseMs: 1, censored },
    ...{ note: censored ? 'timeout' : '', error: false },
  };
  return { instance, ours, extras: {} };
}

describe('familyTarget', () => {
  it('is met when every SATLIB family is within 3× and ignores the hust sets', () => {
    const target = familyTarget([
      totals('aim', sum(290), sum(100)),
      totals('uf50-218', sum(150), sum(100)),
      totals('hust/sat-M', sum(9000), sum(100)),
    ]);
    expect(target.verdict).toBe('met');
    expect(target.figures).toContain('2 of 2 families within 3×, 1 within 2×; worst aim 2.90×');
  });

  it('is missed by one family over 3×, named with its figures', () => {
    const target = familyTarget([
      totals('aim', sum(100), sum(100)),
      totals('dubois', sum(1100), sum(100)),
    ]);
    expect(target.verdict).toBe('missed');
    expect(target.details).toEqual(['over 3×: dubois: 11.00× (1,100 ms vs 100 ms)']);
  });

  it('stays open when undecided runs leave a family’s ratio unbounded', () => {
    const target = familyTarget([totals('parity', sum(200, true), sum(100, true))]);
    expect(target.verdict).toBe('open');
    expect(familyTarget([totals('parity', sum(400, true), sum(100))]).verdict).toBe('missed');
  });

  it('is not measured without minisat', () => {
    expect(familyTarget([totals('aim', sum(100), undefined)]).verdict).toBe('not measured');
  });
});

describe('uf250Target', () => {
  it('adds both sets before dividing', () => {
    const target = uf250Target([
      totals('uf250-1065', sum(1200), sum(1000)),
      totals('uuf250-1065', sum(2700), sum(3000)),
    ]);
    expect(target.verdict).toBe('met');
    expect(target.figures).toBe('3,900 ms ours vs 4,000 ms minisat = 0.97×.');
    const slow = uf250Target([
      totals('uf250-1065', sum(1200), sum(1000)),
      totals('uuf250-1065', sum(3100), sum(3000)),
    ]);
    expect(slow.verdict).toBe('missed');
  });

  it('needs both sets', () => {
    expect(uf250Target([totals('uf250-1065', sum(1), sum(2))]).verdict).toBe('not measured');
  });
});

describe('binTarget', () => {
  const startup = { minMs: 90, maxMs: 200, runs: 10, failures: 0 };
  it('compares the median wall time with 150 ms', () => {
    expect(binTarget({ solvers: {}, bin: { ...startup, medianMs: 149 } }).verdict).toBe('met');
    expect(binTarget({ solvers: {}, bin: { ...startup, medianMs: 151 } }).verdict).toBe('missed');
  });

  it('is missed when a run did not answer', () => {
    const bin = { ...startup, medianMs: 100, failures: 1 };
    expect(binTarget({ solvers: {}, bin }).verdict).toBe('missed');
  });
});

describe('folderTarget', () => {
  const race = (ours: number, sat = 1000) => ({
    files: 1000,
    jobs: 2,
    rounds: 2,
    ours: { wallMs: ours, sat, note: '' },
    minisat: { wallMs: 8000, sat: 1000, note: '' },
  });
  it('needs folder mode to be faster and to answer every file', () => {
    expect(folderTarget(race(5000)).verdict).toBe('met');
    expect(folderTarget(race(9000)).verdict).toBe('missed');
    expect(folderTarget(race(5000, 999)).verdict).toBe('missed');
    expect(folderTarget('no folder mode').verdict).toBe('not measured');
  });
});

describe('checkParityTarget', () => {
  it('needs #8 and #10 decided within 60 s and #9 faster than before', () => {
    const eight = result('hust/check/8-unsatisfied.cnf', 'UNSAT', 'UNSAT', 1200);
    const nine = result('hust/check/9-unsatisfied.cnf', 'UNSAT', 'UNSAT', 1500);
    const ten = result('hust/check/10.cnf', 'SAT', 'SAT', 8000);
    expect(checkParityTarget([eight, nine, ten]).verdict).toBe('met');
    const slowNine = result('hust/check/9-unsatisfied.cnf', 'UNSAT', 'UNSAT', 19_000);
    expect(checkParityTarget([eight, slowNine, ten]).verdict).toBe('missed');
    const undecided = result('hust/check/10.cnf', 'SAT', 'UNKNOWN', 60_000);
    expect(checkParityTarget([eight, nine, undecided]).verdict).toBe('missed');
    expect(checkParityTarget([eight, nine]).verdict).toBe('not measured');
  });
});

describe('correctTarget', () => {
  it('is missed by a wrong answer', () => {
    const right = result('aim/a.cnf', 'UNSAT', 'UNSAT', 5);
    const wrong = result('aim/b.cnf', 'UNSAT', 'SAT', 5);
    expect(correctTarget([right]).verdict).toBe('met');
    expect(correctTarget([right, wrong]).verdict).toBe('missed');
  });
});
