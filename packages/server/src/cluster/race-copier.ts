import type { Logger } from 'pino';
import type { HistoryStore } from '../store/history.ts';
import { parseRaceRecord } from '../store/rows.ts';
import type { RedisRooms } from './redis-rooms.ts';

/** What the copier needs of the cluster's Redis. */
export type Outbox = Pick<RedisRooms, 'pendingRace' | 'pendingRaces' | 'movesOf' | 'raceCopied'>;

/**
 * Finished races into the history database. The fenced commit that ends a race keeps its record
 * in Redis (`races:outbox`) beside the move log; this copies both into the history database
 * (idempotently: a race copied twice is stored once) and then clears the record. What cannot be
 * copied now stays there, and every node tries again every few seconds. A record is parsed
 * first (`parseRaceRecord`): one queued by the previous version gets the newer fields'
 * defaults (unrated, no commitment) rather than failing the copy for ever.
 */
export class RaceCopier {
  constructor(
    private readonly redis: Outbox,
    private readonly history: HistoryStore,
    private readonly log: Logger,
  ) {}

  /** Copies one race; false (logged) when it must wait for the next drain. Never throws. */
  async copy(code: string, raceId: string): Promise<boolean> {
    try {
      const queued: unknown = await this.redis.pendingRace(raceId);
      if (!queued) return true;
      const record = parseRaceRecord(queued, `race ${raceId} in the outbox`);
      const moves = await this.redis.movesOf(code, raceId);
      if (!moves.ok) throw new Error(moves.message);
      await this.history.recordRace(record, moves.value);
      await this.redis.raceCopied(code, raceId);
      return true;
    } catch (error) {
      this.log.warn({ err: error, code, race: raceId }, 'race not yet in the history');
      return false;
    }
  }

  /** Every race still waiting, copied now; one that fails does not hold the others back. */
  async drain(): Promise<void> {
    for (const { raceId, record } of await this.redis.pendingRaces()) {
      await this.copy(record.roomCode, raceId);
    }
  }
}
