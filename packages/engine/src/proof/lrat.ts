/**
 * LRAT out of a DRAT check: backward checking knows, for each lemma the refutation uses, the
 * clauses its reverse unit propagation went through — in the order they became unit, ending
 * with the falsified one. Written in that order as the lemma's hints, the proof can be checked
 * by a linear-time LRAT checker (cake_lpr, lrat-check) with no search, as drat-trim's `-L` does.
 *
 * Clause ids: the formula's clauses are 1..m in file order; the lemmas used get m+1, m+2, … in
 * proof order; the last line is the empty clause. A RAT lemma (an extension variable's
 * definition in an XOR refutation) lists, after its own RUP hints (none), each clause holding
 * its pivot's negation as −id followed by the hints of the resolvent with it (none for a
 * tautology), in id order, as lrat-check and cake_lpr read them.
 */
import { litToDimacs } from '../sat/lit.ts';

/** One lemma the refutation uses: its step, its clause in the checker, its hints (checker ids). */
interface UsedLemma {
  readonly step: number;
  readonly id: number;
  readonly lits: Int32Array;
  readonly hints: readonly number[];
}

const CHUNK_BYTES = 1 << 16;

export class LratRecorder {
  /** LRAT id of each checker clause id (0: not numbered yet). */
  private readonly ids: number[] = [];
  private readonly used: UsedLemma[] = [];
  private final: readonly number[] | undefined;
  /** Why no LRAT can be written, once known. */
  refused: string | undefined;
  private readonly inputs: number;

  /** `inputIds[i]`: the checker's id of the formula's clause i, or −1 (a tautology, unstored). */
  constructor(inputIds: readonly number[]) {
    this.inputs = inputIds.length;
    inputIds.forEach((id, i) => {
      if (id >= 0) this.ids[id] = i + 1;
    });
  }

  /** A lemma checked by RUP or RAT, with its hints (checker ids; −(id + 1) opens a RAT group). */
  lemma(step: number, id: number, lits: Int32Array, hints: readonly number[]): void {
    this.used.push({ step, id, lits, hints });
  }

  /** The hints of the final conflict: the empty clause's, unless the proof's own is used. */
  refutation(hints: readonly number[]): void {
    this.final = hints;
  }

  refuse(why: string): void {
    this.refused ??= why;
  }

  /** The LRAT text, in chunks of about 64 KB. */
  chunks(): Uint8Array[] {
    const encoder = new TextEncoder();
    const out: Uint8Array[] = [];
    let text = '';
    let next = this.inputs + 1;
    const lemmas = this.used.slice().sort((a, b) => a.step - b.step);
    const line = (lits: Iterable<number>, hints: readonly number[]): void => {
      const ids = hints.map((h) => (h >= 0 ? this.ids[h]! : -this.ids[-h - 1]!));
      text += [next++, ...[...lits].map(litToDimacs), 0, ...ids, 0].join(' ') + '\n';
      if (text.length >= CHUNK_BYTES) {
        out.push(encoder.encode(text));
        text = '';
      }
    };
    for (const lemma of lemmas) {
      this.ids[lemma.id] = next;
      line(lemma.lits, lemma.hints);
    }
    // The refutation's own conflict, unless the last lemma used is the empty clause already.
    if (this.final !== undefined && lemmas.at(-1)?.lits.length !== 0) line([], this.final);
    if (text !== '') out.push(encoder.encode(text));
    return out;
  }
}
