/**
 * Reading a DRAT proof, text or binary (drat-trim's two formats), into its steps. Text: one
 * step per line, `[d] lit lit … 0`, comments `c …`; binary: `a` or `d`, each literal as a
 * 7-bit varint of 2·v + sign, then 0. Binary is recognised as drat-trim does, by a first
 * byte that cannot start a text proof. A malformed proof is a value saying what and where.
 */
import type { Lit } from '../sat/lit.ts';

/** One step of a proof: a lemma to check and add, or a clause to delete. */
export interface ProofStep {
  readonly deletion: boolean;
  /** Packed literals (`sat/lit.ts`). */
  readonly lits: Int32Array;
  /** Where it starts: `line 12` (text) or `byte 340` (binary), for messages. */
  readonly at: string;
}

export type ParsedProof =
  | {
      readonly ok: true;
      readonly steps: readonly ProofStep[];
      readonly format: 'text' | 'binary';
      /** The largest variable the proof names (1-based); 0 for none. */
      readonly maxVar: number;
    }
  | { readonly ok: false; readonly message: string };

/**
 * Whether the bytes are a binary proof: it starts with `a`, or with `d` and no space after it
 * (a text deletion is `d 1 2 0`), or holds a control or non-ASCII byte early on. Text proofs
 * start with a literal, `d `, or a comment line.
 */
export function isBinaryProof(bytes: Uint8Array): boolean {
  const first = bytes[0];
  if (first === 0x61) return true;
  if (first === 0x64 && bytes.length > 1 && bytes[1] !== 0x20) return true;
  for (let i = 0; i < Math.min(bytes.length, 10); i++) {
    const b = bytes[i]!;
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b >= 0x80) return true;
  }
  return false;
}

export function parseProof(bytes: Uint8Array): ParsedProof {
  return isBinaryProof(bytes) ? parseBinary(bytes) : parseText(bytes);
}

const packed = (d: number): Lit => (d > 0 ? (d - 1) << 1 : ((-d - 1) << 1) | 1);

function parseText(bytes: Uint8Array): ParsedProof {
  const text = new TextDecoder().decode(bytes);
  const steps: ProofStep[] = [];
  let maxVar = 0;
  const lines = text.split('\n');
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!.trim();
    if (line === '' || line.startsWith('c')) continue;
    const deletion = line.startsWith('d');
    const tokens = (deletion ? line.slice(1) : line).trim().split(/\s+/);
    const lits: Lit[] = [];
    let closed = false;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      const where = `line ${n + 1}, column ${lines[n]!.indexOf(token) + 1}`;
      if (!/^-?\d+$/.test(token)) return fail(`${where}: expected a literal, found "${token}"`);
      const d = Number(token);
      if (d === 0) {
        if (i !== tokens.length - 1) return fail(`${where}: text after the closing 0`);
        closed = true;
        break;
      }
      if (!Number.isSafeInteger(d) || Math.abs(d) > 0x3fffffff)
        return fail(`${where}: literal ${token} out of range`);
      maxVar = Math.max(maxVar, Math.abs(d));
      lits.push(packed(d));
    }
    if (!closed) return fail(`line ${n + 1}: the step does not end with 0`);
    steps.push({ deletion, lits: Int32Array.from(lits), at: `line ${n + 1}` });
  }
  return { ok: true, steps, format: 'text', maxVar };
}

function parseBinary(bytes: Uint8Array): ParsedProof {
  const steps: ProofStep[] = [];
  let maxVar = 0;
  let i = 0;
  while (i < bytes.length) {
    const start = i;
    const kind = bytes[i++]!;
    if (kind !== 0x61 && kind !== 0x64)
      return fail(`byte ${start}: expected a (0x61) or d (0x64), found 0x${kind.toString(16)}`);
    const lits: Lit[] = [];
    for (;;) {
      let n = 0;
      let shift = 0;
      let b: number;
      do {
        if (i >= bytes.length) return fail(`byte ${start}: the step does not end with 0`);
        b = bytes[i++]!;
        n += (b & 0x7f) * 2 ** shift;
        shift += 7;
      } while ((b & 0x80) !== 0 && shift < 35);
      if (n === 0) break;
      if (n < 2 || n > 0x7ffffffe) return fail(`byte ${start}: literal code ${n} out of range`);
      maxVar = Math.max(maxVar, n >> 1);
      lits.push(n - 2);
    }
    steps.push({ deletion: kind === 0x64, lits: Int32Array.from(lits), at: `byte ${start}` });
  }
  return { ok: true, steps, format: 'binary', maxVar };
}

const fail = (message: string): ParsedProof => ({ ok: false, message });
