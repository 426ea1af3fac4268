/**
 * One file for the cold-warm section: parses and solves it in this fresh process (cold: V8's
 * lower tiers), then three more times (warm: optimised code), and prints one JSON line with
 * the cold time and the best warm time, parse + solve, in ms.
 */
import { readFileSync } from 'node:fs';
import { parseDimacsBytes, solveCnf } from '@percent/engine';

// Read as `percent sat` reads a file: bytes, through the kernel's DIMACS fast path.
const bytes = readFileSync(process.argv[2]!);

/** Parse + solve once, in ms. */
function once(): number {
  const started = performance.now();
  const parsed = parseDimacsBytes(bytes);
  if (!parsed.ok) throw new Error(parsed.error.message);
  solveCnf(parsed.cnf);
  return performance.now() - started;
}

const cold = once();
const warm = Math.min(once(), once(), once());
process.stdout.write(`${JSON.stringify({ cold, warm })}\n`);
