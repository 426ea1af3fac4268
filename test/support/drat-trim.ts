/**
 * drat-trim, the independent DRAT checker in ../shared/tools/drat-trim, compiled with cc for
 * the proof tests and the proofs bench: our proofs and our checker are cross-checked with it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** drat-trim compiled into `dir`, or why it could not be. */
export function buildDratTrim(repoRoot: string, dir: string): { path?: string; why?: string } {
  const source = path.join(repoRoot, '../shared/tools/drat-trim/drat-trim.c');
  if (!existsSync(source)) return { why: `${source} is missing` };
  if (spawnSync('cc', ['--version']).status !== 0) return { why: 'no C compiler (cc)' };
  const out = path.join(dir, 'drat-trim');
  execFileSync('cc', ['-O2', '-o', out, source], { stdio: 'ignore' });
  return { path: out };
}

/** drat-trim's verdict on `proof` of `cnf` (`VERIFIED`, `NOT VERIFIED`, …) and its wall time. */
export function dratTrimVerdict(
  dratTrim: string,
  cnf: string,
  proof: string,
  timeoutS = 600,
): { verdict: string; ms: number } {
  const started = performance.now();
  const run = spawnSync(dratTrim, [cnf, proof, '-t', String(timeoutS)], { encoding: 'utf8' });
  const line = run.stdout.split(/[\r\n]/).find((l) => l.startsWith('s '));
  return {
    verdict: line?.slice(2) ?? `(no verdict) ${run.stdout}`,
    ms: performance.now() - started,
  };
}
