import { checkDrat, MemoryProof, parseDimacs, solveCnf } from '@percent/engine';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_IDS, example } from './examples.ts';

const EXPECTED = { random3sat: 'sat', pigeonhole: 'unsat', tseitin: 'unsat' } as const;

describe('the lab examples', () => {
  it.each(EXAMPLE_IDS)('%s parses cleanly and has the answer its label promises', (id) => {
    const { text, file } = example(id);
    const parsed = parseDimacs(text, { fileName: file, strict: true });
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.warnings).toEqual([]);
    const result = solveCnf(parsed.cnf, { budget: { timeMs: 20_000 } });
    expect(result.status).toBe(EXPECTED[id]);
  });

  it('shows off XOR reasoning: the Tseitin example is decided with it, not without', () => {
    const parsed = parseDimacs(example('tseitin').text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const withXor = solveCnf(parsed.cnf, { budget: { conflicts: 2000 } });
    expect(withXor.status).toBe('unsat');
    expect(withXor.stats.xors).toBeGreaterThan(0);
    const without = solveCnf(parsed.cnf, { xor: false, budget: { conflicts: 2000 } });
    expect(without.status).toBe('unknown');
  });

  it('with Prove UNSAT on, the Tseitin example is refuted by its XORs in a proof that checks', () => {
    const parsed = parseDimacs(example('tseitin').text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const proof = new MemoryProof('text');
    const result = solveCnf(parsed.cnf, { proof });
    expect(result.status).toBe('unsat');
    expect(result.stats.conflicts).toBe(0);
    expect(checkDrat(parsed.cnf, proof.bytes()).status).toBe('verified');
  });

  it('is the same formula every time (seeded)', () => {
    expect(example('random3sat').text).toBe(example('random3sat').text);
  });
});
