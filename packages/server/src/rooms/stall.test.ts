import { describe, expect, it } from 'vitest';
import { apply, racing } from '../../test-support/rooms.ts';
import type { Effect } from './types.ts';

/** A process that stood still pauses the race like a crash does (issue 21). */
describe('a stall of the server', () => {
  const scheduled = (effects: readonly Effect[]) =>
    effects.flatMap((e) => (e.type === 'schedule' ? [[e.key, e.at]] : []));

  it('moves the race clock, the time limit and idle times on by the stall, once', () => {
    const room = racing(['Ann', 'Bob'], { timeLimitSec: 60, idleOutSec: 120 });
    const race = room.race!;
    const stalled = apply(room, { type: 'stall', at: 10_000, ms: 5000 }, 15_000);
    expect(stalled.room.race).toMatchObject({
      startsAt: race.startsAt + 5000,
      endsAt: race.endsAt! + 5000,
      pausedMs: 5000,
      pauses: [{ at: 10_000, ms: 5000 }],
    });
    expect(stalled.room.race!.runners.map((r) => r.activeAt)).toEqual([
      race.runners[0]!.activeAt + 5000,
      race.runners[1]!.activeAt + 5000,
    ]);
    expect(scheduled(stalled.effects)).toEqual(
      expect.arrayContaining([
        ['timeUp', race.endsAt! + 5000],
        ['idle:p1', race.runners[0]!.activeAt + 5000 + 120_000],
      ]),
    );
    // Stored, then told, like any change.
    expect(stalled.effects.map((e) => e.type).slice(0, 2)).toEqual(['persistRoom', 'state']);
    // The same stall reported again (a late timer and the watch's tick) changes nothing.
    const again = apply(stalled.room, { type: 'stall', at: 10_000, ms: 5000 }, 15_100);
    expect(again.room).toBe(stalled.room);
  });

  it('arms the time limit again when its timer fires before the moved end', () => {
    const room = racing(['Ann'], { timeLimitSec: 60 });
    const endsAt = room.race!.endsAt!;
    const stalled = apply(room, { type: 'stall', at: 10_000, ms: 5000 }, 15_000).room;
    const early = apply(stalled, { type: 'timeUp', raceId: 'race-1' }, endsAt + 1);
    expect(early.room.phase).toBe('racing');
    expect(scheduled(early.effects)).toEqual([['timeUp', endsAt + 5000]]);
    const due = apply(stalled, { type: 'timeUp', raceId: 'race-1' }, endsAt + 5000);
    expect(due.room.phase).toBe('finished');
  });
});
