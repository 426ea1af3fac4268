import { randomInt } from 'node:crypto';
import { ErrorCode, fail, type Result } from '@percent/protocol';
import { FencedError, UnavailableError } from '../runner/room-log.ts';

/** A Redis failure becomes an `UnavailableError`: answered ROOM_UNAVAILABLE, never INTERNAL. */
export async function reachable<T>(pending: Promise<T>): Promise<T> {
  try {
    return await pending;
  } catch (error) {
    if (error instanceof FencedError || error instanceof UnavailableError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new UnavailableError(`Redis: ${reason}`, { cause: error });
  }
}

/** Rooms found orphaned are taken in random order, so several sweeping nodes share them. */
export function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

export const unavailable = (message: string): Result<never> =>
  fail(ErrorCode.roomUnavailable, message);
