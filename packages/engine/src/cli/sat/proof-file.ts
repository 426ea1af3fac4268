import { closeSync, openSync, writeSync } from 'node:fs';
import { DratWriter, type ProofFormat } from '../../sat/proof.ts';
import { CliError } from '../errors.ts';
import { ExitCode } from '../exit-codes.ts';

/** `--proof FILE` with its `--proof-format`. */
export interface ProofRequest {
  readonly path: string;
  readonly format: ProofFormat;
}

/** A DRAT proof streamed to a file as the solver works (64 KB at a time). */
export interface ProofFile {
  readonly path: string;
  readonly writer: DratWriter;
  /** Flushes and closes the file. */
  close(): void;
}

export function openProofFile(request: ProofRequest): ProofFile {
  let fd: number;
  try {
    fd = openSync(request.path, 'w');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(
      `percent: cannot write the proof ${request.path}: ${reason}`,
      ExitCode.usage,
    );
  }
  const writer = new DratWriter(request.format, (chunk) => {
    for (let at = 0; at < chunk.length;) at += writeSync(fd, chunk, at);
  });
  return {
    path: request.path,
    writer,
    close: () => {
      writer.flush();
      closeSync(fd);
    },
  };
}

/** The report's proof line: what was written, and whether it proves anything. */
export function proofLine(proof: ProofFile, unsat: boolean): string {
  const { writer } = proof;
  const what = `${writer.format} DRAT, ${writer.lemmas} lemmas, ${writer.deletions} deletions, ${writer.bytes} bytes`;
  const ends = unsat
    ? 'ends with the empty clause (check it: percent check CNF PROOF, or drat-trim)'
    : 'no empty clause: the answer is not UNSAT';
  return `c proof ${proof.path}: ${what}; ${ends}; XOR reasoning was off while writing it`;
}
