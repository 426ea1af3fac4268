import { ErrorCode } from '@percent/protocol';
import { endIfDone, withdraw } from './race.ts';
import {
  failure,
  isRaceOn,
  isSeat,
  NOTHING,
  requireSeat,
  STATE,
  success,
  updateSeat,
} from './room.ts';
import type { CommandOf, Effect, Race, Room, Transition } from './types.ts';

/**
 * The rules groups asked for around a race: giving up (`forfeit`), the idle rule, and sitting
 * races out (`play`). Each is decided here; `race.ts` owns the start and the end.
 */

/**
 * `race:forfeit`: a runner still racing gives up and stays in the room to watch (unlike
 * `room:leave`). Their board stays private until the race ends, like any runner's. The race
 * ends when nobody is racing any more.
 */
export function forfeit(room: Room, command: CommandOf<'forfeit'>, now: number) {
  const seat = requireSeat(room, command.connectionId);
  if (!isSeat(seat)) return seat;
  if (!isRaceOn(room) || !room.race) return failure(ErrorCode.wrongPhase, 'no race is running');
  const runner = room.race.runners.find((r) => r.playerId === seat.id);
  if (!runner) return failure(ErrorCode.notRacing, 'you are not in this race');
  if (runner.status !== 'racing') return failure(ErrorCode.notRacing, `you have ${runner.status}`);
  return endIfDone<object>(withdraw(room, seat.id, 'forfeited'), now, [STATE]);
}

/** The idle timer of every runner still racing (none when the room has no idle rule). */
export function idleTimers(race: Race | null): Effect[] {
  return race ? race.runners.flatMap((runner) => idleTimerAfterMove(race, runner.playerId)) : [];
}

const idleTimer = (race: Race, playerId: string, at: number): Effect => ({
  type: 'schedule',
  key: `idle:${playerId}`,
  at,
  command: { type: 'idle', raceId: race.id, playerId },
});

/** The idle timer after a move (it replaces the one armed before, by key). */
export function idleTimerAfterMove(race: Race, playerId: string): Effect[] {
  const limit = race.rules.idleOutSec;
  const runner = race.runners.find((r) => r.playerId === playerId);
  if (limit === null || runner?.status !== 'racing') return [];
  return [idleTimer(race, playerId, runner.activeAt + limit * 1000)];
}

/**
 * The idle timer fired: a runner still racing with no move for `idleOutSec` is out (`idle`).
 * A timer that fires early (the clock was shifted by an outage) is armed again.
 */
export function idle(room: Room, command: CommandOf<'idle'>, now: number): Transition<object> {
  const race = room.race;
  const limit = race?.rules.idleOutSec ?? null;
  const runner = race?.runners.find((r) => r.playerId === command.playerId);
  if (room.phase !== 'racing' || !race || race.id !== command.raceId || limit === null) {
    return success(room, NOTHING);
  }
  if (runner?.status !== 'racing') return success(room, NOTHING);
  const due = runner.activeAt + limit * 1000;
  if (now < due) return success(room, NOTHING, [idleTimer(race, runner.playerId, due)]);
  return endIfDone<object>(withdraw(room, runner.playerId, 'idle'), now, [STATE]);
}

/**
 * `room:play`: a seat chooses, in the lobby, to play the next races or sit them out (a host
 * running the room from a TV). Changing it clears the seat's ready flag.
 */
export function play(room: Room, command: CommandOf<'play'>): Transition<object> {
  const seat = requireSeat(room, command.connectionId);
  if (!isSeat(seat)) return seat;
  if (room.phase !== 'lobby') return failure(ErrorCode.wrongPhase, 'sitting out is for the lobby');
  if (seat.plays === command.plays) return success(room, NOTHING);
  return success(updateSeat(room, seat.id, { plays: command.plays, ready: false }), NOTHING, [
    STATE,
  ]);
}
