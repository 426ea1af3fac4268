// The WebAssembly kernel as shipped: compiled from its source, agreeing with the header
// slots JavaScript reads, and staying right while its memory grows under the solver.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, untyped.
import { compileKernel, kernelModuleText } from '../../../scripts/build-kernel.mjs';
import { createRng } from '../../rng.ts';
import { randomKSat } from '../../cnf/generators.ts';
import { Solver } from '../solver.ts';
import { AddClause, F64Slot, newKernel, Run, Slot, type KernelExports } from './kernel.ts';
import { KERNEL_WASM_BASE64 } from './wasm.ts';
import { readFileSync } from 'node:fs';

const exported = (name: string): unknown =>
  (newKernel(true) as unknown as Record<string, { value: unknown }>)[name]?.value;

describe('the CDCL kernel', () => {
  it('is src/sat/kernel/wasm.ts compiled from kernel/cdcl.ts (run `pnpm --filter @percent/engine build:kernel`)', async () => {
    const binary = (await compileKernel()) as Uint8Array;
    const generated = readFileSync(new URL('./wasm.ts', import.meta.url), 'utf8');
    expect(generated).toBe(kernelModuleText(binary));
    expect(KERNEL_WASM_BASE64).toBe(Buffer.from(binary).toString('base64'));
  }, 60_000);

  it('exports the header slots and answers JavaScript reads', () => {
    const name = (prefix: string, key: string) =>
      `${prefix}_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
    for (const [key, slot] of Object.entries(Slot))
      expect([key, exported(name('H', key))]).toEqual([key, slot]);
    for (const [key, slot] of Object.entries(F64Slot))
      expect([key, exported(name('F', key))]).toEqual([key, slot]);
    for (const [key, code] of Object.entries(AddClause)) {
      expect([key, exported(name('ADD', key))]).toEqual([key, code]);
    }
    for (const [key, code] of Object.entries(Run)) {
      expect([key, exported(name('RUN', key))]).toEqual([key, code]);
    }
  });

  it('answers right while its memory grows under the solver (views rebuilt)', () => {
    // Started small, the kernel's memory grows while 200 variables are added one at a time,
    // clauses one by one between solves, and thousands of clauses are learned: every answer is checked against the solver's own model check and
    // against a second solver that got the whole formula at once.
    const rng = createRng('kernel-growth');
    const formula = randomKSat(rng, 200, 850, 3);
    const incremental = new Solver(0);
    const memory = (incremental as unknown as { core: { kernel: KernelExports } }).core.kernel
      .memory;
    const startBytes = memory.buffer.byteLength;
    let answers = 0;
    for (let i = 0; i < formula.clauses.length; i++) {
      const clause = formula.clauses[i]!;
      while (incremental.numVars < Math.max(...Array.from(clause, Math.abs))) incremental.newVar();
      incremental.addClause(clause);
      if (i % 120 === 119) {
        const whole = new Solver(formula.numVars);
        for (const c of formula.clauses.slice(0, i + 1)) whole.addClause(c);
        expect(incremental.solve().status).toBe(whole.solve().status);
        answers++;
      }
    }
    expect(answers).toBe(7);
    expect(incremental.stats.learned).toBeGreaterThan(1000);
    expect(memory.buffer.byteLength).toBeGreaterThan(startBytes);
  });
});
