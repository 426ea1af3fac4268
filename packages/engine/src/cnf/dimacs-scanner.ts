/**
 * The incremental DIMACS scanner behind `parseDimacs` and `parseDimacsChunks`: a char-code
 * state machine fed chunk by chunk, so input is never joined or split into lines and a
 * chunk boundary may fall anywhere, even inside a token or between the CR and LF of a CRLF.
 *
 * Literals of the open clause go straight into the clause arena; a `0` closes the clause.
 * A token's text is materialized only for the header line and for messages.
 */
import type { DimacsIssue, ParseResult } from './dimacs.ts';
import { ClauseArena } from './dimacs-clauses.ts';
import { isBlank, parseHeaderLine } from './dimacs-header.ts';
import * as say from './dimacs-messages.ts';
import { InputPosition } from './dimacs-position.ts';

const State = {
  lineStart: 0, // before a line's first token, whose first character decides the line's kind
  between: 1, // on a clause line, between tokens
  number: 2, // inside a literal
  comment: 3, // the rest of a `c` line
  header: 4, // the rest of the `p` line, collected for parseHeaderLine
  badToken: 5, // a token that is no literal, collected for the error message
  finished: 6, // decided (an error, or the `%` end marker): further input is ignored
} as const;
type State = (typeof State)[keyof typeof State];

const Code = {
  newline: 10,
  space: 32,
  percent: 37,
  plus: 43,
  minus: 45,
  zero: 48,
  nine: 57,
} as const;
const LineKind = { comment: 99 /* c */, header: 112 /* p */, byteOrderMark: 0xfeff } as const;

export class DimacsScanner {
  private state: State = State.lineStart;
  private readonly at: InputPosition;
  /** The literal being read: its sign, its value so far, whether a digit was seen. */
  private negative = false;
  private magnitude = 0;
  private hasDigit = false;
  private badTokenOpensLine = false;

  /** The header's V; -1 before the header, which sends every literal to the slow path. */
  private numVars = -1;
  private numClauses = 0;
  private headerLine = 0;
  private clauseCountColumn = 0;

  private readonly arena = new ClauseArena();
  private lastLiteralLine = 0;
  /** Column just after the last literal read: where a missing final `0` is reported. */
  private lastLiteralColumn = 0;
  private endMarker = false;
  private error: DimacsIssue | undefined;
  private readonly warnings: DimacsIssue[] = [];

  constructor(
    file: string,
    private readonly strict: boolean,
  ) {
    this.at = new InputPosition(file);
  }

  /** True once the result no longer depends on further input. */
  get done(): boolean {
    return this.state === State.finished;
  }

  feed(chunk: string): void {
    let i = 0;
    while (i < chunk.length) {
      switch (this.state) {
        case State.between:
        case State.number:
          i = this.scanLiterals(chunk, i);
          break;
        case State.lineStart:
          i = this.scanLineStart(chunk, i);
          break;
        case State.comment:
          i = this.skipToNewline(chunk, i);
          break;
        case State.header:
          i = this.scanHeader(chunk, i);
          break;
        case State.badToken:
          i = this.scanBadToken(chunk, i);
          break;
        case State.finished:
          i = chunk.length;
      }
    }
    const { state } = this;
    const tokenOpen = state === State.number || state === State.badToken || state === State.header;
    this.at.finishChunk(chunk, tokenOpen, state === State.header ? Infinity : say.QUOTE_LIMIT + 1);
  }

  /** Closes the input: completes a pending token, then checks the formula as a whole. */
  end(): ParseResult {
    if (this.state === State.number) this.completeLiteral('', 0);
    else if (this.state === State.header) this.finishHeader(this.at.tokenText('', 0));
    else if (this.state === State.badToken) this.rejectBadToken('', 0);
    this.state = State.finished;
    if (this.error) return { ok: false, error: this.error };
    if (this.numVars < 0) return { ok: false, error: this.issueHere(say.missingHeaderMessage()) };
    if (this.arena.openLength > 0) {
      const message = say.unterminatedClauseMessage(this.endMarker);
      const error = this.at.issueAt(this.lastLiteralLine, this.lastLiteralColumn, message);
      return { ok: false, error };
    }
    const clauses = this.arena.finish();
    if (clauses.length !== this.numClauses) {
      const message = say.clauseCountMessage(this.numClauses, clauses.length);
      const issue = this.at.issueAt(this.headerLine, this.clauseCountColumn, message);
      if (this.strict) return { ok: false, error: issue };
      this.warnings.push(issue);
    }
    return { ok: true, cnf: { numVars: this.numVars, clauses }, warnings: this.warnings };
  }

  /** An issue at the current position, e.g. where reading the input failed. */
  issueHere(message: string): DimacsIssue {
    return this.at.issueHere(message);
  }

  /**
   * The hot loop: literals, the blanks between them and the newlines after them, across lines,
   * in one loop with everything inlined — a fresh process runs it before V8 has optimised
   * anything, where each call and each return to `feed` costs (a loop per line took 1.5–2×
   * longer on ii, qg and flat). A line whose first token is no literal (a comment, the header,
   * `%`) goes back to `scanLineStart` at that token. Valid literals are handled inline;
   * everything unusual (a sign without digits, a number beyond 32 bits, a variable above V,
   * any literal before the header) ends in an error, so the slow path never has to resume.
   * Digits accumulate unchecked: a too-long number only grows past MAX_DIMACS_INT (or to
   * Infinity), which the check at the token's end still catches.
   */
  private scanLiterals(chunk: string, from: number): number {
    const { arena, numVars, at } = this;
    const consumed = at.consumed;
    let { negative, magnitude, hasDigit } = this;
    let inNumber = this.state === State.number;
    let tokenStart = at.tokenStart - consumed;
    let line = at.line;
    let lineStart = at.lineStart;
    let block = arena.block;
    let end = arena.end;
    let lastLiteralEnd = -1;
    let lastLiteralLine = 0;
    let lastLiteralLineStart = 0;
    /** False until the current line's first token: what begins a line decides its kind. */
    let lineHasToken = true;
    let i = from;
    for (; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i);
      if (code >= Code.zero && code <= Code.nine) {
        if (!inNumber) {
          inNumber = true;
          lineHasToken = true;
          tokenStart = i;
          negative = false;
          magnitude = 0;
        }
        magnitude = magnitude * 10 + (code - Code.zero);
        hasDigit = true;
      } else if (code === Code.space || code === Code.newline || isBlank(code)) {
        if (inNumber) {
          inNumber = false;
          if (!hasDigit || magnitude > numVars) {
            this.keepLiteral(negative, magnitude, hasDigit);
            at.line = line;
            at.lineStart = lineStart;
            at.tokenStart = consumed + tokenStart;
            this.rejectLiteral(chunk, i);
            return chunk.length;
          }
          if (magnitude === 0) {
            arena.end = end;
            arena.close();
            block = arena.block;
            end = arena.end;
          } else {
            if (end === block.length) {
              arena.end = end;
              arena.moveToNewBlock();
              block = arena.block;
              end = arena.end;
            }
            block[end++] = negative ? -magnitude : magnitude;
            lastLiteralEnd = i;
            lastLiteralLine = line;
            lastLiteralLineStart = lineStart;
          }
        }
        if (code === Code.newline) {
          line++;
          lineStart = consumed + i + 1;
          lineHasToken = false;
        }
      } else if ((code === Code.minus || code === Code.plus) && !inNumber) {
        inNumber = true;
        lineHasToken = true;
        tokenStart = i;
        negative = code === Code.minus;
        magnitude = 0;
        hasDigit = false;
      } else {
        break;
      }
    }
    arena.end = end;
    at.line = line;
    at.lineStart = lineStart;
    at.tokenStart = consumed + tokenStart;
    this.keepLiteral(negative, magnitude, hasDigit);
    if (lastLiteralEnd >= 0) {
      this.lastLiteralLine = lastLiteralLine;
      this.lastLiteralColumn = consumed + lastLiteralEnd - lastLiteralLineStart + 1;
    }
    if (i === chunk.length) {
      this.state = inNumber ? State.number : lineHasToken ? State.between : State.lineStart;
      return i;
    }
    // What begins a line that holds no literal (a comment, the header, `%`): decided there.
    if (!lineHasToken) {
      this.state = State.lineStart;
      return i;
    }
    // A character no literal contains: it starts a bad token, or spoils the current one.
    if (!inNumber) at.startToken(i);
    this.badTokenOpensLine = false;
    this.state = State.badToken;
    return i;
  }

  /** Skips blanks and empty lines; the first character of a line decides what it holds. */
  private scanLineStart(chunk: string, from: number): number {
    const { at } = this;
    for (let i = from; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i);
      if (isBlank(code) || (code === LineKind.byteOrderMark && at.consumed + i === 0)) continue;
      if (code === Code.newline) {
        at.newline(i);
        continue;
      }
      const digit = code >= Code.zero && code <= Code.nine;
      if (digit || code === Code.minus || code === Code.plus) this.state = State.between;
      else if (code === LineKind.comment) this.state = State.comment;
      else if (code === LineKind.header) this.beginHeader(i);
      else if (code === Code.percent) this.stopAtEndMarker();
      else this.beginBadToken(i, true);
      return i;
    }
    return chunk.length;
  }

  /** SATLIB's `%` line ends the formula: nothing after it is read. */
  private stopAtEndMarker(): void {
    this.endMarker = true;
    this.state = State.finished;
  }

  /** The rest of a comment line, in one native search. */
  private skipToNewline(chunk: string, from: number): number {
    const newline = chunk.indexOf('\n', from);
    return newline < 0 ? chunk.length : this.newline(newline);
  }

  private beginHeader(index: number): void {
    const { at } = this;
    if (this.numVars >= 0) {
      const message = say.repeatedHeaderMessage(this.headerLine);
      this.fail(at.issueAt(at.line, at.columnOf(index), message));
      return;
    }
    at.startToken(index);
    this.state = State.header;
  }

  private scanHeader(chunk: string, from: number): number {
    const newline = chunk.indexOf('\n', from);
    if (newline < 0) return chunk.length;
    this.finishHeader(this.at.tokenText(chunk, newline));
    return this.state === State.finished ? chunk.length : this.newline(newline);
  }

  private finishHeader(text: string): void {
    const { at } = this;
    const column = at.tokenStart - at.lineStart + 1;
    const parsed = parseHeaderLine(text);
    if (!parsed.ok) {
      this.fail(at.issueAt(at.line, column + parsed.offset, parsed.message));
      return;
    }
    this.numVars = parsed.header.numVars;
    this.numClauses = parsed.header.numClauses;
    this.headerLine = at.line;
    this.clauseCountColumn = column + parsed.header.clauseCountOffset;
    this.state = State.lineStart;
  }

  private beginBadToken(index: number, opensLine: boolean): void {
    this.at.startToken(index);
    this.badTokenOpensLine = opensLine;
    this.state = State.badToken;
  }

  /** Collects the bad token up to the next blank, then reports it. */
  private scanBadToken(chunk: string, from: number): number {
    for (let i = from; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i);
      if (code === Code.newline || isBlank(code)) {
        this.rejectBadToken(chunk, i);
        break;
      }
    }
    return chunk.length;
  }

  private rejectBadToken(chunk: string, end: number): void {
    const text = this.at.tokenText(chunk, end);
    this.fail(this.at.issueAtToken(say.badTokenMessage(text, this.badTokenOpensLine)));
  }

  /** The hot loop's handling of a finished literal, for a literal that ends the input. */
  private completeLiteral(chunk: string, end: number): void {
    const { magnitude } = this;
    if (!this.hasDigit || magnitude > this.numVars) {
      this.rejectLiteral(chunk, end);
    } else if (magnitude === 0) {
      this.arena.close();
    } else {
      this.arena.add(this.negative ? -magnitude : magnitude);
      this.markLastLiteral(end);
    }
  }

  private rejectLiteral(chunk: string, end: number): void {
    const text = this.at.tokenText(chunk, end);
    const message = say.literalMessage(text, this.hasDigit, this.magnitude, this.numVars);
    this.fail(this.at.issueAtToken(message));
  }

  private keepLiteral(negative: boolean, magnitude: number, hasDigit: boolean): void {
    this.negative = negative;
    this.magnitude = magnitude;
    this.hasDigit = hasDigit;
  }

  private markLastLiteral(endIndex: number): void {
    this.lastLiteralLine = this.at.line;
    this.lastLiteralColumn = this.at.columnOf(endIndex);
  }

  /** Moves past the newline at `index` to the next line; returns the index after it. */
  private newline(index: number): number {
    this.at.newline(index);
    this.state = State.lineStart;
    return index + 1;
  }

  private fail(issue: DimacsIssue): void {
    this.error = issue;
    this.state = State.finished;
  }
}
