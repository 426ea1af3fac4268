import type { PersistEffect } from '../rooms/index.ts';
import type { RoomLog } from './room-log.ts';
import type { Store } from '../store/store.ts';

/**
 * Group commit for the rooms of one process: the writes of every command that reaches the
 * store in one event-loop turn go to SQLite in one transaction, after that turn's I/O
 * (`setImmediate`), and each command is acknowledged once that transaction is stored — so
 * what was acknowledged is still stored, and a busy server pays SQLite's per-transaction
 * cost (BEGIN, COMMIT, the write-ahead log's frames) once per turn instead of once per move.
 *
 * All or none per command, as before: when the shared transaction fails (one command's
 * writes may be at fault, e.g. a race stored twice), each command's writes are tried again
 * in a transaction of their own, so the others are stored and only the faulty one fails.
 */
export class GroupCommit implements RoomLog {
  /** Commands waiting for this turn's transaction, in arrival order. */
  private pending: Waiting[] = [];
  private scheduled = false;
  /** Transactions written, and the commands they carried (`groupSize`, read by the tests). */
  private transactions = 0;
  private commands = 0;

  constructor(private readonly store: Pick<Store, 'commit'>) {}

  commit(writes: readonly PersistEffect[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ writes, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  /** Commands per transaction so far (1 when the server is idle between moves). */
  get groupSize(): number {
    return this.transactions === 0 ? 0 : this.commands / this.transactions;
  }

  private flush(): void {
    this.scheduled = false;
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
