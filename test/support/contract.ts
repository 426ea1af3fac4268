/**
 * The contract check of every suite (vitest `setupFiles`): each server a test starts — in this
 * process, or a child process or cluster node, which inherit the environment — parses every
 * payload it sends with its protocol schema (`packages/server/src/contract.ts`), and a test
 * fails at its end on the first payload that did not conform, naming it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { takeViolations, type Violation } from '../../packages/server/src/contract.ts';

const dir = mkdtempSync(join(tmpdir(), 'percent-contract-'));
const logFile = join(dir, 'violations.jsonl');
writeFileSync(logFile, '');
process.env['PERCENT_CONTRACT'] = 'strict';
process.env['PERCENT_CONTRACT_LOG'] = logFile;

/** Violations recorded here and by child servers since the last call. */
function collect(): Violation[] {
  const text = readFileSync(logFile, 'utf8');
  writeFileSync(logFile, '');
  const fromChildren = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Violation);
  // This process's servers wrote theirs to the file too; keep one of each.
  const here = takeViolations();
  return fromChildren.length > 0 ? fromChildren : here;
}

afterEach(() => {
  const violations = collect();
  if (violations.length === 0) return;
  const first = violations[0]!;
  throw new Error(
    `the server sent a payload that breaks the protocol (${violations.length} in all): ` +
      `${first.what}: ${first.problem}`,
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));
