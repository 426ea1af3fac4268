/**
 * Where the DIMACS scanner stands in its input, across chunks. Offsets are absolute
 * (`consumed` + index in the current chunk); they become 1-based line/column only when an
 * issue is reported, so the hot loop pays for nothing but a newline count.
 */
import type { DimacsIssue } from './dimacs.ts';

export class InputPosition {
  /** Characters of the chunks before the current one. */
  consumed = 0;
  line = 1;
  /** Absolute offset of the current line's first character. */
  lineStart = 0;
  /** Absolute offset where the current token (literal, bad token or header line) began. */
  tokenStart = 0;
  /** The current token's text from earlier chunks, valid while tokenStart < consumed. */
  private tokenPrefix = '';

  constructor(readonly file: string) {}

  /** Records the newline at `index` of the current chunk. */
  newline(index: number): void {
    this.line++;
    this.lineStart = this.consumed + index + 1;
  }

  startToken(index: number): void {
    this.tokenStart = this.consumed + index;
  }

  /** Column of `index` in the current chunk, on the current line. */
  columnOf(index: number): number {
    return this.consumed + index - this.lineStart + 1;
  }

  /** Text of the current token from its start up to `end` in `chunk`. */
  tokenText(chunk: string, end: number): string {
    const startInChunk = this.tokenStart - this.consumed;
    const earlier = startInChunk < 0 ? this.tokenPrefix : '';
    return earlier + chunk.slice(Math.max(0, startInChunk), end);
  }

  /**
   * Moves on to the next chunk. An unfinished token's text is carried over, at most
   * `keepChars` of it: only the header line needs all of its text, other tokens are kept
   * just long enough to be quoted, so a huge garbage token costs nothing.
   */
  finishChunk(chunk: string, tokenOpen: boolean, keepChars: number): void {
    if (tokenOpen) this.tokenPrefix = this.tokenText(chunk, chunk.length).slice(0, keepChars);
    this.consumed += chunk.length;
  }

  issueAt(line: number, column: number, message: string): DimacsIssue {
    return { file: this.file, line, column, message };
  }

  /** An issue at the start of the current token. */
  issueAtToken(message: string): DimacsIssue {
    return this.issueAt(this.line, this.tokenStart - this.lineStart + 1, message);
  }

  /** An issue at the current position, e.g. end of input. */
  issueHere(message: string): DimacsIssue {
    return this.issueAt(this.line, this.consumed - this.lineStart + 1, message);
  }
}
