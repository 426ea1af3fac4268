import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface, type Interface } from 'node:readline';
import { CliError, describeError } from '../errors.ts';
import { readableSize } from '../io/readable-file.ts';

/**
 * Puzzle files: one puzzle per line, 81 characters (`1`–`9` givens, `0` or `.` blanks).
 * Blank lines and lines starting with `#` are skipped but still counted, so every message
 * names the line a text editor shows.
 */
export interface PuzzleLine {
  /** 1-based line number in the input. */
  readonly line: number;
  readonly text: string;
}

export interface PuzzleSource {
  /** The path, or `<stdin>`. */
  readonly name: string;
  /** Size in bytes of a regular file; undefined for stdin. */
  readonly bytes: number | undefined;
  /** The puzzle lines, streamed: a file of millions of puzzles is never held whole. */
  lines(): AsyncGenerator<PuzzleLine>;
  /** Stops reading (after Ctrl-C or an error); idempotent. */
  close(): void;
}

export const STDIN_NAME = '<stdin>';
export const ARGUMENT_NAME = '<argument>';

/** `file` missing or `-` reads stdin. Throws a one-line `CliError` for an unreadable file. */
export async function openPuzzleSource(file: string | undefined): Promise<PuzzleSource> {
  if (file === undefined || file === '-') {
    return fromStream(STDIN_NAME, undefined, process.stdin);
  }
  const bytes = readableSize(file);
  return fromStream(file, bytes, createReadStream(file, { highWaterMark: 1 << 20 }));
}

function fromStream(
  name: string,
  bytes: number | undefined,
  input: NodeJS.ReadableStream & { destroy?: () => void },
): PuzzleSource {
  // Created only when reading starts: readline starts the stream flowing at once, and lines
  // emitted before the async iterator exists are lost.
  let reader: Interface | undefined;
  let closed = false;
  return {
    name,
    bytes,
    async *lines() {
      reader = createInterface({ input, crlfDelay: Infinity });
      let line = 0;
      try {
        for await (const text of reader) {
          line++;
          if (!isSkipped(text)) yield { line, text };
        }
      } catch (error) {
        throw new CliError(`percent: cannot read '${name}': ${describeError(error)}`);
      }
    },
    close() {
      if (closed) return;
      closed = true;
      reader?.close();
      if (input !== process.stdin) input.destroy?.();
    },
  };
}

/** Blank, or a `#` comment. */
export function isSkipped(text: string): boolean {
  const body = text.trimStart();
  return body === '' || body.startsWith('#');
}

/** A puzzle read from an argument: where it came from (for messages) and its text. */
export interface PuzzleInput {
  /** `file:line`, or `<argument>` for a puzzle typed on the command line. */
  readonly where: string;
  /** The line as read. */
  readonly text: string;
}

/** Text that can only be meant as a puzzle, never as a path. */
const PUZZLE_LIKE = /^[\d.\s]+$/;

/**
 * `FILE|PUZZLE`: an existing file (or `-` for stdin) gives every puzzle line in it; text of
 * digits and dots that is not a file is the puzzle itself. At least one puzzle is required.
 */
export async function readPuzzleArgument(arg: string): Promise<PuzzleInput[]> {
  if (arg !== '-' && PUZZLE_LIKE.test(arg) && !(await exists(arg))) {
    return [{ where: ARGUMENT_NAME, text: arg }];
  }
  const source = await openPuzzleSource(arg);
  const puzzles: PuzzleInput[] = [];
  try {
    for await (const { line, text } of source.lines()) {
      puzzles.push({ where: `${source.name}:${line}`, text });
    }
  } finally {
    source.close();
  }
  if (puzzles.length === 0) throw new CliError(`percent: '${source.name}' holds no puzzle`);
  return puzzles;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
