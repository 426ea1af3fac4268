/**
 * drat-trim, the independent DRAT checker in ../shared/tools/drat-trim, and lrat-check beside
 * it, compiled with cc for the proof tests and the proofs bench: our proofs, our checker and
 * the LRAT it writes are cross-checked with them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** drat-trim compiled into `dir`, or why it could not be. */
export function buildDratTrim(repoRoot: string, dir: string): { path?: string; why?: string } {
  return buildTool(repoRoot, dir, 'drat-trim');
}

/** lrat-check (beside drat-trim) compiled into `dir`, or why it could not be. */
export function buildLratCheck(repoRoot: string, dir: string): { path?: string; why?: string } {
  return buildTool(repoRoot, dir, 'lrat-check');
}

function buildTool(repoRoot: string, dir: string, name: string): { path?: string; why?: string } {
  const source = path.join(repoRoot, `../shared/tools/drat-trim/${name}.c`);
  if (!existsSync(source)) return { why: `${source} is missing` };
  if (spawnSync('cc', ['--version']).status !== 0) return { why: 'no C compiler (cc)' };
  const out = path.join(dir, name);
  execFileSync('cc', ['-O2', '-o', out, source], { stdio: 'ignore' });
  return { path: out };
}

/** lrat-check's verdict on an LRAT proof of `cnf`: `VERIFIED` or `NOT VERIFIED`. */
export function lratCheckVerdict(lratCheck: string, cnf: string, proof: string): string {
  const run = spawnSync(lratCheck, [cnf, proof], { encoding: 'utf8', timeout: 600_000 });
  const line = run.stdout.split(/[\r\n]/).find((l) => /^c (NOT )?VERIFIED$/.test(l));
  return line?.slice(2) ?? `(no verdict) ${run.stdout.slice(-300)}`;
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
