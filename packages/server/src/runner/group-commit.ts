import type { PersistEffect } from '../rooms/index.ts';
import type { RoomLog } from './room-log.ts';
import type { Store } from '../store/store.ts';
import { FlushWindow } from './flush-window.ts';

/**
 * The default shortest time between two transactions, ms. Chosen by measurement
 * (`pnpm bench --sections server-cost`, `pnpm loadtest`; BENCHMARKS.md): at 960 moves a second
 * a 4 ms window stores about four moves per transaction (twelve at 3,000 a second), which took
 * about a tenth off the server's CPU per move (148 → 132 µs), and adds at most 4 ms to an ack —
 * none at all to the first move after a quiet spell.
 */
export const DEFAULT_GROUP_COMMIT_MS = 4;

export interface GroupCommitOptions {
  /**
   * The shortest time between two transactions, ms. 0: one transaction per event-loop turn.
   * Otherwise a command that arrives within this window of the last transaction waits for the
   * window's end and shares its transaction with every command that arrived meanwhile.
   */
  readonly windowMs?: number;
  /** A monotonic clock, ms (tests pin it). */
  readonly now?: () => number;
}

/**
 * Group commit for the rooms of one process: the writes of every command that reaches the
 * store in one window go to SQLite in one transaction, and each command is acknowledged once
 * that transaction is stored — so what was acknowledged is still stored, and a busy server
 * pays SQLite's per-transaction cost (BEGIN, COMMIT, the locks, the write-ahead log's frames)
 * once per window instead of once per move (`FlushWindow`: the first command after a quiet
 * spell is written at the end of its own turn; a busy server writes at most one transaction
 * per `windowMs`).
 *
 * All or none per command, as before: when the shared transaction fails (one command's
 * writes may be at fault, e.g. a race stored twice), each command's writes are tried again
 * in a transaction of their own, so the others are stored and only the faulty one fails.
 */
export class GroupCommit implements RoomLog {
  /** Commands waiting for the next transaction, in arrival order. */
  private pending: Waiting[] = [];
  /** When the next transaction is written. */
  private readonly window: FlushWindow;
  /** Transactions written, and the commands they carried (`groupSize`). */
  private transactions = 0;
  private commands = 0;

  constructor(
    private readonly store: Pick<Store, 'commit'>,
    options: GroupCommitOptions = {},
  ) {
    const windowMs = options.windowMs ?? DEFAULT_GROUP_COMMIT_MS;
    this.window = new FlushWindow(() => this.flush(), windowMs, options.now);
  }

  commit(writes: readonly PersistEffect[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ writes, resolve, reject });
      this.window.request();
    });
  }

  /** Commands per transaction so far (1 when the server is idle between moves). */
  get groupSize(): number {
    return this.transactions === 0 ? 0 : this.commands / this.transactions;
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    this.transactions++;
    this.commands += batch.length;
    try {
      this.store.commit(batch.length === 1 ? batch[0]!.writes : batch.flatMap((w) => w.writes));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const waiting of batch) this.alone(waiting);
      return;
    }
    for (const waiting of batch) waiting.resolve();
  }

  private alone(waiting: Waiting): void {
    try {
      this.store.commit(waiting.writes);
    } catch (error) {
      waiting.reject(error);
      return;
    }
    waiting.resolve();
  }
}

interface Waiting {
  readonly writes: readonly PersistEffect[];
  resolve(): void;
  reject(error: unknown): void;
}
