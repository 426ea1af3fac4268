import { closeSync, openSync, writeSync } from 'node:fs';
import type { Cnf } from '../../cnf/formula.ts';
import { checkDratAsync } from '../../proof/check.ts';
import { DratWriter, MemoryProof, PROOF_FORMATS } from '../../sat/proof.ts';
import { CliError } from '../errors.ts';
import { ExitCode } from '../exit-codes.ts';

/**
 * `--proof-format`: DRAT as text or binary, streamed as the solver works; or LRAT, made from
 * the DRAT proof (kept in memory) by our backward checker once the answer is UNSAT — every
 * lemma the refutation uses with its unit-propagation hints (proof/lrat.ts).
 */
export const CLI_PROOF_FORMATS = [...PROOF_FORMATS, 'lrat'] as const;
export type CliProofFormat = (typeof CLI_PROOF_FORMATS)[number];

/** `--proof FILE` with its `--proof-format`. */
export interface ProofRequest {
  readonly path: string;
  readonly format: CliProofFormat;
}

/** What was written: the report's line and `--json`'s `proof` object. */
export interface ProofSummary {
  readonly path: string;
  readonly format: CliProofFormat;
  readonly lemmas: number;
  readonly deletions: number;
  readonly bytes: number;
  /** Ends with the empty clause: the answer was UNSAT. */
  readonly complete: boolean;
}

/** A proof being written as the solver works. */
export interface ProofFile {
  readonly path: string;
  /** Where the solver writes its DRAT steps. */
  readonly writer: DratWriter;
  /** Flushes and closes the file (DRAT); safe in a `finally`, whatever happened. */
  close(): void;
  /** After the solve: LRAT made and written when asked for; what the file holds. */
  finish(cnf: Cnf, unsat: boolean, signal: AbortSignal): Promise<ProofSummary>;
}

export function openProofFile(request: ProofRequest): ProofFile {
  const fd = openFile(request.path);
  const write = (chunk: Uint8Array): void => writeChunk(fd, chunk);
  if (request.format !== 'lrat') {
    const writer = new DratWriter(request.format, write);
    let closed = false;
    const close = (): void => {
      if (closed) return;
      closed = true;
      writer.flush();
      closeSync(fd);
    };
    const { path } = request;
    return {
      path,
      writer,
      close,
      finish: async (_cnf, unsat) => {
        close();
        const { format, lemmas, deletions, bytes } = writer;
        return { path, format, lemmas, deletions, bytes, complete: unsat };
      },
    };
  }
  return lratFile(request.path, fd, write);
}

/** LRAT: DRAT kept in memory, checked and turned into LRAT once the answer is UNSAT. */
function lratFile(path: string, fd: number, write: (chunk: Uint8Array) => void): ProofFile {
  const drat = new MemoryProof('binary');
  const { writer } = drat;
  return {
    path,
    writer,
    close: () => writer.flush(),
    finish: async (cnf, unsat, signal) => {
      writer.flush();
      const empty = { path, format: 'lrat' as const, lemmas: 0, deletions: 0, bytes: 0 };
      if (!unsat) {
        closeSync(fd);
        return { ...empty, complete: false };
      }
      const checked = await checkDratAsync(cnf, drat.bytes(), { lrat: true, signal });
      if (checked.status !== 'verified' || checked.lrat?.ok !== true) {
        closeSync(fd);
        const why =
          checked.status === 'failed'
            ? `its DRAT proof did not check: ${checked.message}`
            : checked.status === 'unknown'
              ? `stopped (${checked.reason}) while making it`
              : checked.lrat?.ok === false
                ? checked.lrat.why
                : 'no LRAT was made';
        throw new CliError(`percent: --proof-format lrat: ${why}`, ExitCode.usage);
      }
      let bytes = 0;
      for (const chunk of checked.lrat.chunks) {
        write(chunk);
        bytes += chunk.length;
      }
      closeSync(fd);
      return { ...empty, lemmas: checked.stats.lemmas, bytes, complete: true };
    },
  };
}

/** Writes all of `chunk` to `fd` (a write may take only part of it). */
export function writeChunk(fd: number, chunk: Uint8Array): void {
  for (let at = 0; at < chunk.length;) at += writeSync(fd, chunk, at);
}

function openFile(path: string): number {
  try {
    return openSync(path, 'w');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(`percent: cannot write the proof ${path}: ${reason}`, ExitCode.usage);
  }
}

/** The report's proof line: what was written, and whether it proves anything. */
export function proofLine(proof: ProofSummary): string {
  const { format, lemmas, deletions, bytes } = proof;
  const what =
    format === 'lrat'
      ? `LRAT, ${lemmas} lemmas with hints, ${bytes} bytes`
      : `${format} DRAT, ${lemmas} lemmas, ${deletions} deletions, ${bytes} bytes`;
  const check =
    format === 'lrat' ? 'cake_lpr or lrat-check' : 'percent check CNF PROOF, or drat-trim';
  const ends = proof.complete
    ? `ends with the empty clause (check it: ${check})`
    : 'no empty clause: the answer is not UNSAT';
  return `c proof ${proof.path}: ${what}; ${ends}; Gauss–Jordan was off in the search (XORs that alone add up to 0 = 1 are refuted in the proof)`;
}
