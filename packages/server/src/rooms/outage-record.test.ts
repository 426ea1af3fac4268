import { describe, expect, it } from 'vitest';
import { onRaceClock } from './race-clock.ts';
import type { MoveRecord } from './records.ts';
import { restoreRoom, snapshotOf } from './snapshot.ts';
import {
  apply,
  BLANK_CELLS,
  digitAt,
  joinCmd,
  moveCmd,
  racing,
  TIMINGS,
  tokenOf,
} from '../../test-support/rooms.ts';
import type { Effect, Room } from './types.ts';

/**
 * A race across two server outages, as it is stored: the record keeps the pauses, and with
 * them every logged move gets its time on the race clock — the time the standings count.
 */
const persisted = (effects: readonly Effect[]) => ({
  moves: effects.flatMap((e) => (e.type === 'persistMove' ? [e.move] : [])),
  race: effects.find((e) => e.type === 'persistRace')?.record,
  snapshot: effects.findLast((e) => e.type === 'persistRoom')?.snapshot,
});

/** The room restarted at `now` after `awayMs` away, from its last snapshot and its log. */
function restart(snapshot: string, log: readonly MoveRecord[], now: number, awayMs: number) {
  const restored = restoreRoom(snapshot, log, now, TIMINGS, awayMs);
  if (!restored.ok) return expect.fail(restored.message);
  const written = persisted(restored.effects).snapshot;
  if (written === undefined) return expect.fail('the paused race was not stored');
  return { room: restored.room, snapshot: written };
}

/** Player `n` takes their seat back and plays `cell` right at `now`. */
function play(room: Room, n: number, cell: number, now: number) {
  const back = apply(room, joinCmd(`P${n}`, n, tokenOf(n)), now).room;
  return apply(back, moveCmd(`p${n}`, cell, digitAt(cell)), now);
}

describe('a race across two outages, as stored', () => {
  it('keeps each outage, so each move is timed on the race clock', () => {
    // The clock's 0:00 is 4 000. Ann plays at 6 000 (clock 2 s), then the server is away
    // 8 000–13 000; Bob plays at 15 000 (clock 6 s) and it is away 20 000–22 000 (the crash
    // dated to the end of its last heartbeat's period: a move of Bob's at 20 500 is inside it).
    // A 30 s limit: 4 000 + 30 000 + the 7 000 of outages ends it at 41 000.
    let room = racing(['Ann', 'Bob'], { timeLimitSec: 30 });
    const log: MoveRecord[] = [];
    let snapshot = snapshotOf(room);
    const step = (outcome: { room: Room; effects: readonly Effect[] }) => {
      room = outcome.room;
      log.push(...persisted(outcome.effects).moves);
    };
    step(apply(room, moveCmd('p1', BLANK_CELLS[0]!, digitAt(BLANK_CELLS[0]!)), 6000));
    ({ room, snapshot } = restart(snapshot, log, 13_000, 5000));
    step(play(room, 2, BLANK_CELLS[0]!, 15_000));
    step(play(room, 2, BLANK_CELLS[1]!, 20_500));
    ({ room, snapshot } = restart(snapshot, log, 22_000, 2000));
    expect(room.race).toMatchObject({ startsAt: 11_000, pausedMs: 7000 });
    expect(room.race!.pauses).toEqual([
      { at: 8000, ms: 5000 },
      { at: 20_000, ms: 2000 },
    ]);
    // Ann comes back and finishes at 30 000 (clock 19 s); the time is up at 41 000.
    room = apply(room, joinCmd('Ann', 1, tokenOf(1)), 29_000).room;
    for (const cell of BLANK_CELLS.slice(1)) {
      step(apply(room, moveCmd('p1', cell, digitAt(cell)), 30_000));
    }
    const ended = apply(room, { type: 'timeUp', raceId: 'race-1' }, 41_000);
    const record = persisted(ended.effects).race;
    if (!record) return expect.fail('the race was not stored');
    expect(record).toMatchObject({ startedAt: 11_000, endedAt: 41_000, pauses: room.race!.pauses });
    const timed = onRaceClock(record, log);
    expect(timed.moves.map((m) => [m.playerId, m.at, m.ms])).toEqual([
      ['p1', 6000, 2000],
      ['p2', 15_000, 6000],
      ['p2', 20_500, 11_000], // the clock stood still at 11 s from 20 000
      ...BLANK_CELLS.slice(1).map(() => ['p1', 30_000, 19_000]),
    ]);
    expect(timed.durationMs).toBe(30_000);
    expect(record.players.map((p) => [p.nickname, p.timeMs])).toEqual([
      ['Ann', 19_000],
      ['Bob', null],
    ]);
  });

  it('reads a snapshot written before pauses were kept as a race without any', () => {
    const json = JSON.parse(snapshotOf(racing(['Ann']))) as { room: { race: object } };
    json.room.race = { ...json.room.race, pausedMs: 3000, pauses: undefined };
    const text = JSON.stringify(json);
    expect(text).not.toContain('pauses');
    const same = restoreRoom(text, [], 9000, TIMINGS);
    expect(same.ok && same.room.race).toMatchObject({ pausedMs: 3000, pauses: [] });
    expect(restart(text, [], 9000, 1000).room.race?.pauses).toEqual([{ at: 8000, ms: 1000 }]);
  });
});
