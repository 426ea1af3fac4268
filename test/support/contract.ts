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
// Only a type: importing the server's contract module would load the protocol's schemas into
// every test file, ~0.1 s each, for files that start no server.
import type { Violation } from '../../packages/server/src/contract.ts';

const dir = mkdtempSync(join(tmpdir(), 'percent-contract-'));
const logFile = join(dir, 'violations.jsonl');
writeFileSync(logFile, '');
process.env['PERCENT_CONTRACT'] = 'strict';
process.env['PERCENT_CONTRACT_LOG'] = logFile;

/**
 * Violations recorded since the last call by every server: this process's and its children's
 * all append to the file the environment names (a test that unsets it, as the contract check's
 * own test does, takes its deliberate violations itself).
 */
function collect(): Violation[] {
  const text = readFileSync(logFile, 'utf8');
  writeFileSync(logFile, '');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Violation);
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
