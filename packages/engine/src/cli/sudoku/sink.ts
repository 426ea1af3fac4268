import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { CliError, describeError } from '../errors.ts';

/**
 * Where a command's output goes: stdout, or the `--out` file. Chunks are handed over whole
 * (the stream keeps a reference until written, so a chunk must not be reused afterwards) and
 * `write` waits for `drain` when the stream's buffer is full, so a slow reader throttles the
 * producer instead of letting output pile up in memory.
 */
export interface Sink {
  /** `--out`'s path, or `<stdout>`. */
  readonly name: string;
  write(chunk: Uint8Array | string): Promise<void>;
  /** Flushes; closes a file (stdout stays open). */
  close(): Promise<void>;
}

export async function openSink(out: string | undefined): Promise<Sink> {
  if (out === undefined || out === '-') return streamSink('<stdout>', process.stdout, false);
  const stream = createWriteStream(out);
  try {
    await once(stream, 'ready');
  } catch (error) {
    throw new CliError(`percent: cannot write '${out}': ${reasonOf(error)}`);
  }
  return streamSink(out, stream, true);
}

function streamSink(name: string, stream: NodeJS.WritableStream, owned: boolean): Sink {
  const fail = (error: unknown): never => {
    throw new CliError(`percent: cannot write '${name}': ${reasonOf(error)}`);
  };
  return {
    name,
    async write(chunk) {
      if (!stream.write(chunk)) await once(stream, 'drain').catch(fail);
    },
    async close() {
      if (!owned) return;
      stream.end();
      await once(stream, 'finish').catch(fail);
    },
  };
}

function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'no such folder';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EISDIR') return 'is a folder';
  return describeError(error);
}

/** Bytes per chunk handed to the sink: large writes, few system calls. */
const CHUNK_BYTES = 1 << 20;
/** A line at most this long always fits after `needsFlush` said no. */
const LINE_SLACK = 4096;

/**
 * Output lines collected in a preallocated Buffer and written a chunk at a time: a million
 * grids cost a few dozen writes, not a million string concatenations. Usage: `grid`/`text`,
 * then `if (out.needsFlush) await out.flush()` once per line.
 */
export class LineWriter {
  private buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  private length = 0;

  constructor(private readonly sink: Sink) {}

  get needsFlush(): boolean {
    return this.length > this.buffer.length - LINE_SLACK;
  }

  /** The 81 cells as ASCII digits (0 for a blank), without a newline. */
  grid(grid: Uint8Array): this {
    this.ensure(grid.length + 1);
    const { buffer } = this;
    let at = this.length;
    for (let i = 0; i < grid.length; i++) buffer[at++] = 48 + grid[i]!;
    this.length = at;
    return this;
  }

  /** The grid and a newline. */
  gridLine(grid: Uint8Array): this {
    this.grid(grid);
    this.buffer[this.length++] = 10;
    return this;
  }

  text(text: string): this {
    this.ensure(Buffer.byteLength(text));
    this.length += this.buffer.write(text, this.length);
    return this;
  }

  /** Writes what is buffered; the next lines go into a fresh buffer. */
  async flush(): Promise<void> {
    if (this.length === 0) return;
    const chunk = this.buffer.subarray(0, this.length);
    this.buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    this.length = 0;
    await this.sink.write(chunk);
  }

  /** Flushes and closes the sink. */
  async close(): Promise<void> {
    await this.flush();
    await this.sink.close();
  }

  /** Grows the buffer for an unusually long line (never needed for grids). */
  private ensure(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(bigger, 0, 0, this.length);
    this.buffer = bigger;
  }
}
