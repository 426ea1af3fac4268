/**
 * The rules that keep ratings from being farmed (issue 21): a device's first race is unrated
 * for it, a race shorter than `MIN_RATED_RACE_MS` rates nobody, and a runner out within it
 * plays no rated game. Each says why in `RaceView.unrated`.
 */
import { MIN_RATED_RACE_MS } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import { createRoom } from './room.ts';
import { apply, joinCmd, solveAll, startCmd, TIMINGS } from '../../test-support/rooms.ts';
import type { Effect, Room } from './types.ts';
import { viewFor } from './view.ts';

const ann = { role: 'player', playerId: 'p1' } as const;
const GO = 4000;
const RULES = { ...TIMINGS, minRatedMs: MIN_RATED_RACE_MS };

/** A race begun at `GO` with players who have (`seen`) or have not raced here before. */
function raceOf(players: readonly { name: string; seen: boolean }[]): Room {
  let room = createRoom('KQZTM', RULES);
  players.forEach(({ name, seen }, i) => {
    room = apply(room, { ...joinCmd(name, i + 1), seen }).room;
    room = apply(room, { type: 'ready', connectionId: `c${i + 1}`, ready: true }).room;
  });
  room = apply(room, startCmd).room;
  return apply(room, { type: 'begin', raceId: 'race-1' }, GO).room;
}

const leave = (n: number) => ({ type: 'leave', connectionId: `c${n}` }) as const;

const storedRatings = (effects: readonly Effect[]) => {
  const write = effects.find((e) => e.type === 'persistRace');
  if (write?.type !== 'persistRace') throw new Error('no race stored');
  return write.record.players.map((p) => p.newRating?.rating ?? null);
};

describe('rating rules', () => {
  it('does not rate a race against devices in their first race, and says why', () => {
    let room = raceOf([
      { name: 'Host', seen: true },
      { name: 'P1', seen: false },
      { name: 'P2', seen: false },
    ]);
    expect(viewFor(room, ann, GO).race).toMatchObject({ rated: false, unrated: 'firstRaces' });
    room = apply(room, leave(2), GO + 40_000).room;
    room = apply(room, leave(3), GO + 40_000).room;
    const ended = solveAll(room, 'p1', GO + 60_000);
    expect(viewFor(ended.room, ann, GO + 60_000).race).toMatchObject({
      rated: false,
      unrated: 'firstRaces',
    });
    expect(storedRatings(ended.effects)).toEqual([null, null, null]);
  });

  it('rates their next race: a finished race makes every device in it seen', () => {
    let room = raceOf([
      { name: 'Ann', seen: false },
      { name: 'Bob', seen: false },
    ]);
    room = solveAll(room, 'p1', GO + 40_000).room;
    room = apply(room, { type: 'forfeit', connectionId: 'c2' }, GO + 41_000).room;
    expect(viewFor(room, ann, GO + 41_000).race!.unrated).toBe('firstRaces');
    room = apply(room, { type: 'rematch', connectionId: 'c1' }, 50_000).room;
    for (const c of ['c1', 'c2'])
      room = apply(room, { type: 'ready', connectionId: c, ready: true }, 50_000).room;
    room = apply(room, { ...startCmd, raceId: 'race-2' }, 50_000).room;
    room = apply(room, { type: 'begin', raceId: 'race-2' }, 53_000).room;
    expect(viewFor(room, ann, 53_000).race).toMatchObject({ rated: true, unrated: null });
  });

  it('rates nobody in a race the host ends before the minimum', () => {
    const room = raceOf([
      { name: 'Ann', seen: true },
      { name: 'Bob', seen: true },
    ]);
    const ended = apply(room, { type: 'endRace', connectionId: 'c1' }, GO + MIN_RATED_RACE_MS - 1);
    expect(viewFor(ended.room, ann, GO + MIN_RATED_RACE_MS).race).toMatchObject({
      rated: false,
      unrated: 'tooShort',
    });
    expect(storedRatings(ended.effects)).toEqual([null, null]);
  });

  it('gives no game to a runner who left before the minimum: the one who stayed keeps 1500', () => {
    let room = raceOf([
      { name: 'Ann', seen: true },
      { name: 'Bob', seen: true },
    ]);
    room = apply(room, leave(2), GO + 1000).room;
    const ended = solveAll(room, 'p1', GO + MIN_RATED_RACE_MS + 5000);
    expect(viewFor(ended.room, ann, GO + 40_000).race!.unrated).toBe('tooFewPlayers');
    expect(storedRatings(ended.effects)).toEqual([null, null]);
  });

  it('counts a runner who left after the minimum as a loss', () => {
    let room = raceOf([
      { name: 'Ann', seen: true },
      { name: 'Bob', seen: true },
    ]);
    room = apply(room, leave(2), GO + MIN_RATED_RACE_MS).room;
    const ended = solveAll(room, 'p1', GO + MIN_RATED_RACE_MS + 5000);
    const [winner, loser] = storedRatings(ended.effects);
    expect(winner).toBeGreaterThan(1500);
    expect(loser).toBeLessThan(1500);
  });
});
