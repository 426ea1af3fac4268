import type { Cnf } from '../../cnf/formula.ts';
import { addXors, type Xor } from './xor.ts';

/** A merge that would give an XOR longer than this is not made: long rows make dense matrices. */
const MAX_MERGED = 64;

/**
 * Removes auxiliary variables from a set of XORs: a long XOR is usually encoded as a chain
 * x₁ ⊕ x₂ ⊕ t₁ = 0, t₁ ⊕ x₃ ⊕ t₂ = 0, … whose links t occur in exactly two XORs and in no
 * other clause. Adding the two XORs cancels such a variable, so the matrix gets one row and
 * one column fewer; the link is still defined by its clauses, which stay in the formula.
 * `encoding` marks the input clauses that belong to the XORs (from `detectXors`).
 */
export function mergeAuxVariables(xors: readonly Xor[], cnf: Cnf, encoding: Uint8Array): Xor[] {
  const elsewhere = new Uint8Array(cnf.numVars);
  for (let i = 0; i < cnf.clauses.length; i++) {
    if (encoding[i] === 1) continue;
    for (const lit of cnf.clauses[i]!) elsewhere[Math.abs(lit) - 1] = 1;
  }
  const pool: (Xor | null)[] = xors.slice();
  /** For each variable, the pool indices of the live XORs holding it. */
  const holders = new Map<number, number[]>();
  for (let x = 0; x < pool.length; x++) {
    for (const v of pool[x]!.vars) {
      const list = holders.get(v);
      if (list === undefined) holders.set(v, [x]);
      else list.push(x);
    }
  }
  const queue = [...holders.keys()];
  while (queue.length > 0) {
    const v = queue.pop()!;
    const list = holders.get(v);
    if (list === undefined || list.length !== 2 || elsewhere[v] === 1) continue;
    const [a, b] = list as [number, number];
    const merged = addXors(pool[a]!, pool[b]!);
    if (merged.vars.length > MAX_MERGED) continue;
    const c = pool.length;
    pool.push(merged);
    for (const x of [a, b]) {
      for (const w of pool[x]!.vars) {
        const ws = holders.get(w)!;
        ws.splice(ws.indexOf(x), 1);
        if (ws.length === 0) holders.delete(w);
        else if (ws.length <= 2) queue.push(w);
      }
      pool[x] = null;
    }
    for (const w of merged.vars) {
      const ws = holders.get(w);
      if (ws === undefined) holders.set(w, [c]);
      else ws.push(c);
    }
  }
  return pool.filter((x): x is Xor => x !== null && (x.vars.length > 0 || x.rhs === 1));
}
