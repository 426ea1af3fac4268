import { headStartsMs, type HandicapView } from '@percent/protocol';
import { isRaceOn, NOTHING, STATE, success } from './room.ts';
import type { CommandOf, Effect, Race, Room, Runner, Transition } from './types.ts';

/**
 * Head starts (`RoomSettings.handicap`): at the start each runner gets a head start over the
 * strongest from the ratings (the protocol's `headStartsMs`); the race's clock starts for
 * everyone at `startsAt`, and a runner with less of a head start waits the difference
 * (`waitOf`) before its puzzle appears — until then it gets no puzzle and may not move, and a
 * `release` timer lets it in. Times are on the common clock, so a stronger runner's wait counts
 * in its time: expected finishing times are close. Such races are unrated (`ratings.ts`).
 */

/** How long after `startsAt` this runner's puzzle appears. */
export function waitOf(race: Race, runner: Runner): number {
  const most = Math.max(0, ...race.runners.map((r) => r.headStartMs));
  return most - runner.headStartMs;
}

/** Each playing seat's head start, as the start would fix it now (in seat order). */
export function headStartsAtStart(room: Room): Map<string, number> {
  if (!room.settings.handicap) return new Map();
  const seats = room.seats.filter((seat) => seat.plays);
  const ahead = headStartsMs(
    seats.map((seat) => seat.rating?.rating ?? null),
    room.settings.difficulty,
  );
  return new Map(seats.map((seat, i) => [seat.id, ahead[i]!]));
}

/** The timers that let waiting runners in. */
export function releaseTimers(race: Race): Effect[] {
  return race.runners
    .filter((runner) => !runner.released && runner.status === 'racing')
    .map((runner) => ({
      type: 'schedule',
      key: `release:${runner.playerId}`,
      at: race.startsAt + waitOf(race, runner),
      command: { type: 'release', raceId: race.id, playerId: runner.playerId },
    }));
}

/** A waiting runner's wait is over: its puzzle appears (a `room:state` to everyone). */
export function release(
  room: Room,
  command: CommandOf<'release'>,
  now: number,
): Transition<object> {
  const race = room.race;
  if (!isRaceOn(room) || race?.id !== command.raceId || room.phase !== 'racing')
    return success(room, NOTHING);
  const runner = race.runners.find((r) => r.playerId === command.playerId);
  if (!runner || runner.released) return success(room, NOTHING);
  // Early: the clock moved on (a stall) since the timer was armed — armed again.
  if (now < race.startsAt + waitOf(race, runner))
    return success(
      room,
      NOTHING,
      releaseTimers(race).filter(
        (e) => e.type === 'schedule' && e.key === `release:${runner.playerId}`,
      ),
    );
  const runners = race.runners.map((r) => (r === runner ? { ...r, released: true } : r));
  return success({ ...room, race: { ...race, runners } }, NOTHING, [STATE]);
}

/** Everyone's head start, openly: the race's, or the lobby's preview; null when off. */
export function handicapsOf(room: Room): HandicapView[] | null {
  const race = room.race;
  if (race && room.phase !== 'lobby') {
    if (!race.rules.handicap) return null;
    return order(
      race.runners.map((r) => ({
        playerId: r.playerId,
        headStartMs: r.headStartMs,
        startsAt: race.startsAt + waitOf(race, r),
      })),
    );
  }
  if (!room.settings.handicap) return null;
  const ahead = headStartsAtStart(room);
  return order(
    [...ahead].map(([playerId, headStartMs]) => ({ playerId, headStartMs, startsAt: null })),
  );
}

/** The strongest (no head start) first. */
const order = (rows: HandicapView[]): HandicapView[] =>
  rows.sort((a, b) => a.headStartMs - b.headStartMs);
