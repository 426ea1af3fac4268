import type { Lit } from './lit.ts';

/**
 * Where the solver writes a clausal proof as it works (DRAT: Wetzler, Heule & Hunt 2014): every
 * clause it derives (a lemma, implied by reverse unit propagation from the formula and the
 * lemmas before it) and every clause it stops using (a deletion, which needs no reason). An
 * UNSAT answer ends with the empty clause. Literals are packed (`lit.ts`).
 *
 * What writes here: the preprocessor (strengthened clauses and resolvents as lemmas, then the
 * clauses they replace as deletions), the search (every learned clause; the learned clauses a
 * reduction drops) and the loader (an input clause shortened by a top-level fact). XOR
 * reasoning by Gauss–Jordan elimination has no clausal derivation here: a proof-writing solve
 * runs without it (`solve-cnf.ts`).
 */
export interface ProofSink {
  add(lits: ArrayLike<Lit>): void;
  delete(lits: ArrayLike<Lit>): void;
}

export const PROOF_FORMATS = ['text', 'binary'] as const;
export type ProofFormat = (typeof PROOF_FORMATS)[number];

/** Bytes buffered before `write` is called. */
const CHUNK = 1 << 16;
/** The longest encoding of one literal: a text literal ("-2147483647 ") or a binary varint. */
const MAX_LIT_BYTES = 12;

/**
 * A `ProofSink` that encodes DRAT, as drat-trim reads it: text (`1 -2 0`, `d 1 -2 0`) or
 * binary (`a`/`d`, then each literal 2·v + sign as a 7-bit varint, then 0). It hands the
 * bytes to `write` in chunks; call `flush` at the end. `lemmas` and `deletions` count lines.
 */
export class DratWriter implements ProofSink {
  private buffer = new Uint8Array(CHUNK);
  private used = 0;
  lemmas = 0;
  deletions = 0;
  /** Bytes handed to `write` so far (and buffered). */
  bytes = 0;

  constructor(
    readonly format: ProofFormat,
    private readonly write: (chunk: Uint8Array) => void,
  ) {}

  add(lits: ArrayLike<Lit>): void {
    this.lemmas++;
    this.line(false, lits);
  }

  delete(lits: ArrayLike<Lit>): void {
    this.deletions++;
    this.line(true, lits);
  }

  /** Hands the buffered bytes to `write`. */
  flush(): void {
    if (this.used === 0) return;
    this.write(this.buffer.slice(0, this.used));
    this.used = 0;
  }

  private line(deletion: boolean, lits: ArrayLike<Lit>): void {
    this.room(2 + (lits.length + 1) * MAX_LIT_BYTES);
    if (this.format === 'binary') {
      this.byte(deletion ? 0x64 : 0x61);
      for (let i = 0; i < lits.length; i++) this.varint(lits[i]! + 2);
      this.byte(0);
    } else {
      if (deletion) this.ascii('d ');
      for (let i = 0; i < lits.length; i++) {
        const lit = lits[i]!;
        this.ascii(`${(lit & 1) === 1 ? -((lit >> 1) + 1) : (lit >> 1) + 1} `);
      }
      this.ascii('0\n');
    }
  }

  /** Makes room for `n` more bytes, flushing (and growing for a very long clause). */
  private room(n: number): void {
    if (this.used + n <= this.buffer.length) return;
    this.flush();
    if (n > this.buffer.length) this.buffer = new Uint8Array(n);
  }

  private byte(b: number): void {
    this.buffer[this.used++] = b;
    this.bytes++;
  }

  private varint(n: number): void {
    while (n > 0x7f) {
      this.byte((n & 0x7f) | 0x80);
      n >>>= 7;
    }
    this.byte(n);
  }

  private ascii(text: string): void {
    for (let i = 0; i < text.length; i++) this.byte(text.charCodeAt(i));
  }
}

/** A sink that keeps the proof in memory, for tests and the lab: `bytes()` gives it whole. */
export class MemoryProof implements ProofSink {
  private readonly chunks: Uint8Array[] = [];
  readonly writer: DratWriter;

  constructor(format: ProofFormat = 'text') {
    this.writer = new DratWriter(format, (chunk) => this.chunks.push(chunk));
  }

  add(lits: ArrayLike<Lit>): void {
    this.writer.add(lits);
  }

  delete(lits: ArrayLike<Lit>): void {
    this.writer.delete(lits);
  }

  bytes(): Uint8Array {
    this.writer.flush();
    return concatBytes(this.chunks);
  }
}

/** The chunks one after another in one array (a proof's pieces, an LRAT text's). */
export function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
