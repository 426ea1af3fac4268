/**
 * The player's moves not yet acknowledged. Each has an id unique in the race (a random prefix
 * per queue + a counter), so re-sending it after a drop or a timeout counts once on the
 * server. Only the latest move of a cell decides that cell's verdict: an older reply arriving
 * late is ignored.
 */
import { randomId } from './ids.ts';

export interface PendingMove {
  readonly moveId: string;
  readonly cell: number;
  readonly digit: number;
}

export class MoveQueue {
  private readonly prefix = randomId(10);
  private counter = 0;
  private readonly waiting = new Map<string, PendingMove>();
  private readonly latest = new Map<number, string>();

  /** A new move; it supersedes any earlier move of the same cell. */
  add(cell: number, digit: number): PendingMove {
    const move = { moveId: `${this.prefix}-${++this.counter}`, cell, digit };
    this.waiting.set(move.moveId, move);
    this.latest.set(cell, move.moveId);
    return move;
  }

  /**
   * Takes back a move made before a reload (saved with its id), so it is sent again and
   * counts once; a move already in the queue is left as it is.
   */
  adopt(move: PendingMove): void {
    if (this.waiting.has(move.moveId)) return;
    this.waiting.set(move.moveId, move);
    this.latest.set(move.cell, move.moveId);
  }

  /** Forgets an acknowledged move; true when it is still its cell's latest (its verdict shows). */
  settle(moveId: string): boolean {
    const move = this.waiting.get(moveId);
    if (!move) return false;
    this.waiting.delete(moveId);
    const current = this.latest.get(move.cell) === moveId;
    if (current) this.latest.delete(move.cell);
    return current;
  }

  /** Unacknowledged moves in the order they were made (to re-send after a reconnection). */
  pending(): PendingMove[] {
    return [...this.waiting.values()];
  }

  /** True while this move awaits its verdict (false once settled, or never queued). */
  has(moveId: string): boolean {
    return this.waiting.has(moveId);
  }

  /** True while a move of this cell awaits its reply. */
  isPending(cell: number): boolean {
    return this.latest.has(cell);
  }

  clear(): void {
    this.waiting.clear();
    this.latest.clear();
  }
}
