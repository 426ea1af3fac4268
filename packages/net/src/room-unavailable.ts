/**
 * Commands the server answered `ROOM_UNAVAILABLE`: the room is between owner nodes (its node
 * died, or the node lost its link to the others) and nothing was changed, so the same command
 * is sent again after a short back-off (500 ms, doubling, at most 3 s). A command waits from
 * its unavailable reply until it gets a real answer or is given up; `moving` is true while any
 * command waits, so the room can say it is moving to another server.
 */
import { ErrorCode } from '@percent/protocol';
import { signal } from '@preact/signals-core';
import type { NetResult } from './link.ts';

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 3000;

/** The wait before the retry that follows `attempt` unavailable replies in a row (from 0). */
export const retryDelayMs = (attempt: number): number =>
  Math.min(FIRST_DELAY_MS * 2 ** attempt, MAX_DELAY_MS);

export const isRoomUnavailable = (reply: NetResult<object>): boolean =>
  !reply.ok && reply.error.code === ErrorCode.roomUnavailable;

interface Waiting {
  attempts: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export class UnavailableRetries {
  /** True while some command waits to be sent again: the room is moving. */
  readonly moving = signal(false);
  private readonly waiting = new Map<string, Waiting>();
  private disposed = false;

  /** `key` was answered ROOM_UNAVAILABLE (again): `retry` runs after its next back-off. */
  later(key: string, retry: () => void): void {
    if (this.disposed) return;
    const entry = this.waiting.get(key) ?? { attempts: 0, timer: undefined };
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      retry();
    }, retryDelayMs(entry.attempts));
    entry.attempts += 1;
    this.waiting.set(key, entry);
    this.moving.value = true;
  }

  /** `key` is being sent now by other means (a rejoin): no timer for it; it still waits. */
  sendingNow(key: string): void {
    const entry = this.waiting.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.timer = undefined;
  }

  /** `key` got a real answer or was given up; `moving` clears once nothing waits. */
  done(key: string): void {
    const entry = this.waiting.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.waiting.delete(key);
    if (this.waiting.size === 0) this.moving.value = false;
  }

  /** No more retries (the session is over). */
  dispose(): void {
    this.disposed = true;
    for (const entry of this.waiting.values()) clearTimeout(entry.timer);
    this.waiting.clear();
    this.moving.value = false;
  }
}
