// The search never changes the hidden class of the solver's objects (sat/shapes.ts): a field
// V8 sees stored a second time, or turning from an integer into a fraction, after the search
// loop's JavaScript was compiled makes V8 throw that code away, and a fresh `percent sat`
// process then runs it in the baseline tier for longer. V8 reports each such change with
// --trace-generalization, naming the function that made it; none may be a search function.
// Formulas are generated; nothing here reads ../shared/data.
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng, randomKSat } from '@percent/engine';
import { repoRoot, tempDir, writeCnf } from './cli-harness.ts';

/**
 * The CLI from its TypeScript sources through tsx (as `percent()` runs it), not the bundle:
 * another test file rebuilds dist/ while this one may run.
 */
const mainTs = path.join(repoRoot, 'packages/engine/src/cli/main.ts');

/**
 * The JavaScript functions that run once the search has started (propagation, analysis and
 * VSIDS are the WebAssembly kernel's: kernel/cdcl.ts).
 */
const SEARCH_FUNCTIONS = new Set([
  'search',
  'propagate',
  'learnFrom',
  'onConflict',
  'push',
  'maybeRestartOrReduce',
  'reduceLearnts',
  'compact',
  'newDecisionLevel',
  'backtrack',
  'enqueue',
  'attach',
  'storeClause',
  'sync',
  'alloc',
  'allocFrom',
  'reserve',
  'markDeleted',
  'pickBranchLiteral',
]);

let dir = '';
let cleanup = async (): Promise<void> => undefined;

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterAll(() => cleanup());

/** `[generalizing]field:old->new … [~function+offset at file:line]` lines a search function caused. */
function searchGeneralizations(trace: string): string[] {
  return trace
    .split('\n')
    .filter((line) => line.startsWith('[generalizing]'))
    .filter((line) => {
      const where = /\[~?(\w+)\+\d+ at [^\]]*packages\/engine\/src\/[\w/-]+\.ts:\d+\]$/.exec(line);
      return where !== null && SEARCH_FUNCTIONS.has(where[1]!);
    });
}

describe('the solver keeps its objects’ shapes during the search', () => {
  it('through restarts and clause-database reductions of a hard random 3-SAT formula', async () => {
    // 200 variables at ratio 4.26: thousands of conflicts, so restarts, the first reduction
    // (2,000 conflicts) and arena growth all happen in this run.
    const file = await writeCnf(dir, 'r200.cnf', randomKSat(createRng('shapes'), 200, 852, 3));
    // Stdout into a file, not a pipe: V8 prints its trace with C's stdio, which drops what a
    // full non-blocking pipe refuses — a test reading a pipe could miss the very line it wants.
    const traceFile = path.join(dir, 'trace.txt');
    const out = openSync(traceFile, 'w');
    let stderr = '';
    try {
      const args = ['--trace-generalization', '--import', 'tsx', mainTs, 'sat', file];
      const run = spawnSync(process.execPath, [...args, '--json', '--no-elim'], {
        cwd: repoRoot,
        encoding: 'utf8',
        stdio: ['ignore', out, 'pipe'],
      });
      stderr = run.stderr;
    } finally {
      closeSync(out);
    }
    const stdout = readFileSync(traceFile, 'utf8');
    // V8's trace and the CLI share stdout: a trace line may run into the JSON line, so the JSON
    // (one write, never split) is looked for anywhere.
    const json = /\{"file":[^\n]*\}/.exec(stdout)?.[0];
    expect(json, stderr).toBeDefined();
    const stats = (
      JSON.parse(json!) as { stats: { conflicts: number; restarts: number; deleted: number } }
    ).stats;
    expect(stats.conflicts).toBeGreaterThan(2000);
    expect(stats.restarts).toBeGreaterThan(0);
    expect(stats.deleted).toBeGreaterThan(0);
    // The trace is not empty: V8 did report generalizations (of other objects) in this run.
    expect(stdout).toContain('[generalizing]');
    expect(searchGeneralizations(stdout)).toEqual([]);
  }, 120_000);
});
