import { FlushWindow } from '../runner/flush-window.ts';
import { FencedError } from '../runner/room-log.ts';
import type { CommitOutcome, RoomCommit } from './redis-rooms.ts';

/**
 * The most commits one script call carries: Redis runs a script to its end before anything
 * else, so a window that gathered a backlog (Redis was slow) is sent as several calls — in one
 * pipelined write — rather than one that holds Redis up for long.
 */
export const MAX_COMMITS_PER_CALL = 256;

/** Sends one window's commits (`RedisRooms.commitMany`): one outcome per commit, in order. */
export type SendCommits = (commits: readonly RoomCommit[]) => Promise<CommitOutcome[]>;

/**
 * Group commit for the rooms a cluster node runs: every command that reaches Redis in one window
 * (`FlushWindow`: the first after a quiet spell at the end of its own turn, then at most one call
 * per `windowMs`) goes in one script call, so Redis runs one script and answers one reply per
 * window instead of one per move, and this node builds one command. Each command still learns
 * its own outcome and is acknowledged only after it: written (resolves), refused under its
 * room's lease (`FencedError`), or Redis not reached (that error, for every command of the call).
 */
export class RoomCommits {
  /** Commands waiting for the next call, in arrival order. */
  private pending: Waiting[] = [];
  private readonly window: FlushWindow;

  constructor(
    private readonly send: SendCommits,
    windowMs: number,
    now?: () => number,
  ) {
    this.window = new FlushWindow(() => this.flush(), windowMs, now);
  }

  commit(commit: RoomCommit): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ commit, resolve, reject });
      this.window.request();
    });
  }

  private flush(): void {
    const pending = this.pending;
    this.pending = [];
    for (let from = 0; from < pending.length; from += MAX_COMMITS_PER_CALL)
      this.call(pending.slice(from, from + MAX_COMMITS_PER_CALL));
  }

  private call(batch: readonly Waiting[]): void {
    const failAll = (error: unknown) => {
      for (const waiting of batch) waiting.reject(error);
    };
    let sent: Promise<CommitOutcome[]>;
    try {
      sent = this.send(batch.map((waiting) => waiting.commit));
    } catch (error) {
      return failAll(error);
    }
    sent.then((outcomes) => {
      batch.forEach(({ commit, resolve, reject }, i) => {
        const outcome = outcomes[i];
        if (outcome === 'written') resolve();
        else if (outcome === undefined)
          reject(new Error(`Redis gave no outcome for ${commit.code}`));
        else reject(new FencedError(commit.code));
      });
    }, failAll);
  }
}

interface Waiting {
  readonly commit: RoomCommit;
  resolve(): void;
  reject(error: unknown): void;
}
