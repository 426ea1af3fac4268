import { expectedMs, headStartsMs } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import {
  apply,
  BLANK_CELLS,
  digitAt,
  joinCmd,
  moveCmd,
  refusal,
  solveAll,
  startCmd,
  TIMINGS,
} from '../../test-support/rooms.ts';
import { createRoom } from './room.ts';
import { restoreRoom, snapshotOf } from './snapshot.ts';
import type { Room } from './types.ts';
import { viewFor } from './view.ts';

const asPlayer = (playerId: string) => ({ role: 'player', playerId }) as const;
const rated = (rating: number) => ({ rating, rd: 60, volatility: 0.06, races: 30 });

/** Ann 1900 (host), Bob 1500, Cat 1300, all ready, with `settings`. */
function lobby(settings: object): Room {
  let room = createRoom('KQZTM', TIMINGS, settings);
  [1900, 1500, 1300].forEach((rating, i) => {
    room = apply(room, {
      ...joinCmd(['Ann', 'Bob', 'Cat'][i]!, i + 1),
      rating: rated(rating),
    }).room;
    room = apply(room, { type: 'ready', connectionId: `c${i + 1}`, ready: true }).room;
  });
  return room;
}

describe('head starts from ratings', () => {
  it('follow the documented model: half the time per 400 points, in 5 s steps, capped', () => {
    expect(expectedMs(1500, 'easy')).toBe(300_000);
    expect(expectedMs(1900, 'easy')).toBe(150_000);
    // 1900 → 150 s, 1500 → 300 s, 1300 → 424.3 s: 150 s and 274.3 s ahead of Ann — but at most
    // 60 % of Cat's own 424.3 s (254.6 s), in 5 s steps: 250 s.
    expect(headStartsMs([1900, 1500, 1300], 'easy')).toEqual([0, 150_000, 250_000]);
    expect(headStartsMs([2400, 1000], 'expert')).toEqual([0, 600_000]); // at most 10 min
    expect(headStartsMs([1600, 1500], 'easy')).toEqual([0, 45_000]);
    expect(headStartsMs([1500, null], 'easy')).toEqual([0, 0]); // unknown: 1500
  });

  it('are shown in the lobby, and the start holds each stronger runner back by the difference', () => {
    const room = lobby({ handicap: true });
    expect(viewFor(room, asPlayer('p2'), 0).unratedRules).toBe('handicap');
    expect(viewFor(lobby({}), asPlayer('p2'), 0).unratedRules).toBeNull();
    expect(viewFor(lobby({ relaxed: true }), asPlayer('p2'), 0).unratedRules).toBe('relaxed');
    expect(viewFor(room, asPlayer('p2'), 0).handicaps).toEqual([
      { playerId: 'p1', headStartMs: 0, startsAt: null },
      { playerId: 'p2', headStartMs: 150_000, startsAt: null },
      { playerId: 'p3', headStartMs: 250_000, startsAt: null },
    ]);
    const counting = apply(room, startCmd, 1000);
    const racing = apply(counting.room, { type: 'begin', raceId: 'race-1' }, 4000);
    // Cat starts at once; Bob 100 s later, Ann 250 s later: a release timer each.
    expect(
      racing.effects.flatMap((e) =>
        e.type === 'schedule' && e.key.startsWith('release') ? [[e.key, e.at]] : [],
      ),
    ).toEqual([
      ['release:p1', 254_000],
      ['release:p2', 104_000],
    ]);
    const annView = viewFor(racing.room, asPlayer('p1'), 5000);
    expect(annView.race?.puzzle).toBeNull(); // nothing to study while waiting
    expect(annView.race?.own).toBeNull();
    expect(annView.you.can.move).toBe(false);
    expect(annView.handicaps?.map((h) => [h.playerId, h.startsAt])).toEqual([
      ['p1', 254_000],
      ['p2', 104_000],
      ['p3', 4000],
    ]);
    expect(viewFor(racing.room, asPlayer('p3'), 5000).race?.puzzle).not.toBeNull();
    const cell = BLANK_CELLS[0]!;
    expect(refusal(racing.room, moveCmd('p1', cell, digitAt(cell)), 5000)).toBe('WRONG_PHASE');
    // Bob's wait is over: his puzzle appears; his time counts from the common start.
    const bob = apply(racing.room, { type: 'release', raceId: 'race-1', playerId: 'p2' }, 104_000);
    expect(viewFor(bob.room, asPlayer('p2'), 104_000).race?.puzzle).not.toBeNull();
    expect(bob.effects.map((e) => e.type)).toEqual(['persistRoom', 'state']);
    const done = solveAll(bob.room, 'p2', 130_000).room;
    expect(viewFor(done, asPlayer('p1'), 0).players[1]?.race?.timeMs).toBe(126_000);
    expect(viewFor(done, asPlayer('p1'), 0).race).toMatchObject({
      rated: false,
      unrated: 'handicap',
    });
  });

  it('lets a runner in after a restart, and not before its time', () => {
    const room = apply(
      apply(lobby({ handicap: true }), startCmd, 1000).room,
      {
        type: 'begin',
        raceId: 'race-1',
      },
      4000,
    ).room;
    const restored = restoreRoom(snapshotOf(room), [], 10_000, TIMINGS);
    if (!restored.ok) throw new Error(restored.message);
    expect(
      restored.effects.flatMap((e) =>
        e.type === 'schedule' && e.key.startsWith('release') ? [e.key] : [],
      ),
    ).toEqual(['release:p1', 'release:p2']);
    const early = apply(
      restored.room,
      { type: 'release', raceId: 'race-1', playerId: 'p1' },
      100_000,
    );
    expect(early.room.race?.runners[0]?.released).toBe(false);
    expect(early.effects.map((e) => e.type)).toEqual(['schedule']);
  });
});

describe('relaxed races', () => {
  it('double the time limit, drop the idle rule, rank finishers by mistakes and rate nobody', () => {
    const room = lobby({ relaxed: true, timeLimitSec: 600, idleOutSec: 120 });
    const racing = apply(
      apply(room, startCmd, 1000).room,
      { type: 'begin', raceId: 'race-1' },
      4000,
    ).room;
    expect(racing.race?.endsAt).toBe(4000 + 1200_000);
    expect(racing.race?.rules.idleOutSec).toBeNull();
    // Ann is fastest but slips twice; Cat is slowest with none; Bob slips once.
    const cell = BLANK_CELLS[0]!;
    const wrong = (digitAt(cell) % 9) + 1;
    let next = apply(racing, moveCmd('p1', cell, wrong), 5000).room;
    next = apply(
      next,
      moveCmd('p1', cell, (wrong % 9) + 1 === digitAt(cell) ? (wrong % 9) + 2 : (wrong % 9) + 1),
      5100,
    ).room;
    next = solveAll(next, 'p1', 6000).room;
    next = apply(next, moveCmd('p2', cell, wrong), 7000).room;
    next = solveAll(next, 'p2', 8000).room;
    next = solveAll(next, 'p3', 9000).room;
    const race = viewFor(next, asPlayer('p1'), 9000).race!;
    expect(race.standings?.map((s) => [s.nickname, s.place, s.mistakes])).toEqual([
      ['Cat', 1, 0],
      ['Bob', 2, 1],
      ['Ann', 3, 2],
    ]);
    expect(race).toMatchObject({ rated: false, unrated: 'relaxed' });
  });
});
