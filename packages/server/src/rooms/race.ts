import { standingsOf, timeOf } from './progress.ts';
import { isProvisional, isRated, ratedRunners, rateRace } from './ratings.ts';
import { idleTimers } from './idle-timers.ts';
import { roundAtStart, scoreRound } from './tournament.ts';
import { teamsDecided, teamsOf } from './teams.ts';
import { headStartsAtStart, releaseTimers } from './handicap.ts';
import type { MoveRecord, RaceRecord } from './records.ts';
import { KeyedLog, SharedLog } from './shared-log.ts';
import { endRaceRefusal, rematchRefusal, startRefusal, type Refusal } from './permissions.ts';
import { isRaceOn, NOTHING, seatHeldBy, STATE, success } from './room.ts';
import {
  HUMAN_FLOOR_MS_PER_CELL,
  MIN_RATED_RACE_MS,
  RELAXED_TIME_FACTOR,
  type LastRaceView,
  type RaceEndCause,
  type RunnerStatus,
} from '@percent/protocol';
import type { CommandOf, Effect, MoveAck, Race, Room, Runner, Transition } from './types.ts';

/**
 * A race from the start to the standings, and the rematch after it. Seats that sit out get no
 * runner. Ready flags are cleared at the start: a flag set after the race means "play again".
 */

/** Why this connection may not start a race now, or null. Checked before a puzzle is drawn. */
export const startRefusalFor = (room: Room, connectionId: string): Refusal | null =>
  startRefusal(room, seatHeldBy(room, connectionId));

export function start(room: Room, command: CommandOf<'start'>, now: number): Transition<object> {
  const refusal = startRefusalFor(room, command.connectionId);
  if (refusal) return refusal;
  // The host's own puzzle, when there is one (the runner committed to it), else the draw.
  const draw = room.imported ?? command.draw;
  const startsAt = now + room.timings.countdownMs;
  const { tournament, round } = roundAtStart(room);
  const relaxed = room.settings.relaxed;
  // A relaxed race: more time, no idle rule (the rules in force say so).
  const limit =
    room.settings.timeLimitSec === null
      ? null
      : room.settings.timeLimitSec * (relaxed ? RELAXED_TIME_FACTOR : 1);
  const rules = relaxed ? { ...room.settings, idleOutSec: null } : room.settings;
  const ahead = headStartsAtStart(room);
  const most = Math.max(0, ...ahead.values());
  const race: Race = {
    id: command.raceId,
    variant: draw.variant,
    difficulty: draw.difficulty,
    puzzle: draw.puzzle,
    solution: draw.solution,
    rules,
    floorMs: room.timings.humanFloorMs ?? HUMAN_FLOOR_MS_PER_CELL,
    minRatedMs: room.timings.minRatedMs ?? MIN_RATED_RACE_MS,
    commitment: command.fairness.commitment,
    secret: command.fairness.secret,
    startsAt,
    endsAt: limit === null ? null : startsAt + limit * 1000,
    endedAt: null,
    endedBy: null,
    pausedMs: 0,
    pauses: [],
    imported: room.imported !== null,
    round,
    runners: room.seats
      .filter((seat) => seat.plays)
      .map((seat) => ({
        playerId: seat.id,
        deviceId: seat.deviceId,
        nickname: seat.nickname,
        board: draw.puzzle,
        mistakes: 0,
        status: 'racing',
        finishedAt: null,
        activeAt: startsAt + most - (ahead.get(seat.id) ?? 0),
        acks: KeyedLog.empty<MoveAck>(),
        rating: seat.rating,
        newRating: null,
        kicked: false,
        tooFast: false,
        firstRace: !seat.seen && room.timings.firstRaceRated !== true,
        outAt: null,
        team: room.settings.teams === null ? null : seat.team,
        headStartMs: ahead.get(seat.id) ?? 0,
        colour: seat.colour,
        released: most - (ahead.get(seat.id) ?? 0) === 0,
      })),
    moves: SharedLog.of<MoveRecord>(),
  };
  const seats = room.seats.map((seat) => (seat.ready ? { ...seat, ready: false } : seat));
  const next: Room = {
    ...room,
    phase: 'countdown',
    race,
    seats,
    lastRace: null,
    imported: null,
    tournament,
  };
  return success(next, NOTHING, [STATE, ...raceTimers(race)]);
}

const isTimeUp = (effect: Effect): boolean =>
  effect.type === 'schedule' && effect.command.type === 'timeUp';

/** The timers a race needs: the end of the countdown and the time limit. */
export function raceTimers(race: Race): Effect[] {
  const begin = { type: 'begin', raceId: race.id } as const;
  const effects: Effect[] = [{ type: 'schedule', key: 'begin', at: race.startsAt, command: begin }];
  if (race.endsAt !== null) {
    const timeUp = { type: 'timeUp', raceId: race.id } as const;
    effects.push({ type: 'schedule', key: 'timeUp', at: race.endsAt, command: timeUp });
  }
  return effects;
}

/** The countdown is over: the puzzle shows. Spectators under `delay` get a view a second. */
export function begin(room: Room, command: CommandOf<'begin'>, now: number): Transition<object> {
  if (room.phase !== 'countdown' || room.race?.id !== command.raceId) return success(room, NOTHING);
  // Early: the countdown moved on (a stall) — armed again for the new start.
  if (now < room.race.startsAt)
    return success(
      room,
      NOTHING,
      raceTimers(room.race).filter((e) => !isTimeUp(e)),
    );
  const next: Room = { ...room, phase: 'racing' };
  return success(next, NOTHING, [
    STATE,
    ...tickTimer(next, now),
    ...idleTimers(room.race),
    ...releaseTimers(room.race),
  ]);
}

/**
 * While a `delay` race runs with spectators or seats sitting it out, they get a fresh view
 * every second (`tickTimer`: armed by watching, by a sitting-out seat's return and at restore).
 */
export function tick(room: Room, now: number): Transition<object> {
  const timer = tickTimer(room, now);
  if (timer.length === 0) return success(room, NOTHING);
  return success(room, NOTHING, [{ type: 'state', to: 'spectators' }, ...timer]);
}

export function tickTimer(room: Room, now: number): Effect[] {
  const wanted =
    room.phase === 'racing' &&
    room.race?.rules.spectatorDigits.kind === 'delay' &&
    (room.spectators.length > 0 || room.seats.some((seat) => !seat.plays));
  return wanted
    ? [{ type: 'schedule', key: 'tick', at: now + 1000, command: { type: 'tick' } }]
    : [];
}

export function timeUp(room: Room, command: CommandOf<'timeUp'>, now: number): Transition<object> {
  const race = room.race;
  if (!isRaceOn(room) || race?.id !== command.raceId) return success(room, NOTHING);
  // Early: the clock moved on (a stall) since the timer was armed — armed again for the end.
  if (race.endsAt !== null && now < race.endsAt)
    return success(room, NOTHING, raceTimers(race).filter(isTimeUp));
  return endRace(stopRunners(room, race, 'timeout'), now, [], NOTHING, 'timeLimit');
}

/**
 * The race's clock stopped at `at` for `ms` (the server was away) and moves forward by that:
 * nobody loses the time. The pause is kept, so the stored race can time its moves.
 */
export function pauseRace(room: Room, at: number, ms: number): Room {
  const race = room.race!;
  const runners = race.runners.map((runner): Runner => {
    if (runner.status === 'finished' && runner.finishedAt !== null) {
      return { ...runner, finishedAt: runner.finishedAt + ms };
    }
    if (runner.outAt !== null) return { ...runner, outAt: runner.outAt + ms };
    return runner.status === 'racing' ? { ...runner, activeAt: runner.activeAt + ms } : runner;
  });
  const shifted: Race = {
    ...race,
    startsAt: race.startsAt + ms,
    endsAt: race.endsAt === null ? null : race.endsAt + ms,
    pausedMs: race.pausedMs + ms,
    pauses: [...race.pauses, { at, ms }],
    runners,
  };
  return { ...room, race: shifted };
}

/**
 * The server stood still (`stall`: its process was frozen for `ms` from `at`): a race on
 * pauses for it as for a crash — its clock, time limit and idle times move on by `ms` — and
 * its timers are armed again at their new times. Said once per stall (a pause at `at` is
 * kept); nothing to do without a race on.
 */
export function stall(room: Room, command: CommandOf<'stall'>, now: number): Transition<object> {
  const race = room.race;
  if (!isRaceOn(room) || !race || race.pauses.some((p) => p.at === command.at))
    return success(room, NOTHING);
  const paused = pauseRace(room, command.at, command.ms);
  return success(paused, NOTHING, [
    STATE,
    ...raceTimers(paused.race!),
    ...idleTimers(paused.race),
    ...tickTimer(paused, now),
    ...(paused.phase === 'racing' ? releaseTimers(paused.race!) : []),
  ]);
}

/**
 * The host ends the race now: whoever is still racing is out as `ended` — not "out of time",
 * and rated as PROTOCOL.md's "Ratings" says (no game between two runners the host stopped).
 */
export function endNow(room: Room, command: CommandOf<'endRace'>, now: number): Transition<object> {
  const refusal = endRaceRefusal(room, seatHeldBy(room, command.connectionId));
  if (refusal) return refusal;
  return endRace(stopRunners(room, room.race!, 'ended'), now, [], NOTHING, 'host');
}

/** Everyone still racing is out with `status` (`timeout` at the limit, `ended` by the host). */
function stopRunners(room: Room, race: Race, status: 'timeout' | 'ended'): Room {
  const runners = race.runners.map((runner): Runner =>
    runner.status === 'racing' ? { ...runner, status } : runner,
  );
  return { ...room, race: { ...race, runners } };
}

/**
 * A runner who left (or was kicked, or whose grace expired) stops racing. A runner kicked while
 * racing counts as left in the standings and is not rated (`kicked`): the host cannot win a
 * game by a kick. One kicked after finishing keeps the result it had already made.
 */
export function withdraw(
  room: Room,
  playerId: string,
  now: number,
  status: RunnerStatus = 'left',
  kicked = false,
): Room {
  const race = room.race;
  if (!isRaceOn(room) || !race) return room;
  const runners = race.runners.map((runner): Runner =>
    runner.playerId === playerId && runner.status === 'racing'
      ? { ...runner, status, kicked, outAt: now }
      : runner,
  );
  return { ...room, race: { ...race, runners } };
}

/** Ends the race when nobody is racing any more; otherwise the room as it is. */
export function endIfDone<R>(
  room: Room,
  now: number,
  effects: readonly Effect[],
  reply: R = NOTHING as R,
): Transition<R> {
  const race = room.race;
  if (!isRaceOn(room) || !race) return success(room, reply, effects);
  // A team race ends once its order is decided: the ones still racing are stopped.
  if (race.runners.some((r) => r.status === 'racing') && teamsDecided(race))
    return endRace(stopRunners(room, race, 'ended'), now, effects, reply, 'team');
  if (race.runners.some((runner) => runner.status === 'racing')) {
    return success(room, reply, effects);
  }
  return endRace(room, now, effects, reply, 'players');
}

/**
 * The race is stored (standings, new ratings, and the room's snapshot) before anyone sees the
 * standings. A rated race gives each rated runner's seat its new rating.
 */
function endRace<R>(
  room: Room,
  now: number,
  effects: readonly Effect[],
  reply: R,
  endedBy: RaceEndCause,
): Transition<R> {
  const race = rated({ ...room.race!, endedAt: now, endedBy });
  // Every runner's device has now finished a race here: its next race is not its first.
  const seats = room.seats.map((seat) => {
    const runner = race.runners.find((r) => r.playerId === seat.id);
    if (!runner) return seat;
    return { ...seat, seen: true, rating: runner.newRating ?? seat.rating };
  });
  const tournament = scoreRound(room, race, now);
  const ended: Room = { ...room, phase: 'finished', race, seats, tournament };
  return success(ended, reply, [
    ...effects,
    { type: 'persistRace', record: recordOf(ended.code, race) },
    STATE,
  ]);
}

function recordOf(roomCode: string, race: Race): RaceRecord {
  const runners = new Map(race.runners.map((runner) => [runner.playerId, runner]));
  const teams = teamsOf(race, true);
  return {
    id: race.id,
    roomCode,
    variant: race.variant,
    difficulty: race.difficulty,
    puzzle: race.puzzle,
    solution: race.solution,
    startedAt: race.startsAt,
    endedAt: race.endedAt!,
    pauses: race.pauses,
    rated: isRated(race),
    commitment: race.commitment,
    secret: race.secret,
    tournament: race.round && {
      id: race.round.tournamentId,
      round: race.round.number,
      rounds: race.round.of,
    },
    players: standingsOf(race).map((row) => {
      const runner = runners.get(row.playerId)!;
      const teamPlace = teams?.find((t) => t.team === row.team)?.place ?? null;
      const { rating: before, newRating } = runner;
      return {
        playerId: row.playerId,
        deviceId: runner.deviceId,
        nickname: row.nickname,
        place: row.place,
        timeMs: row.timeMs,
        mistakes: row.mistakes,
        outcome: row.outcome === 'racing' ? 'timeout' : row.outcome,
        flag: row.flag,
        points: row.points,
        colour: runner.colour,
        team: row.team,
        teamPlace,
        rating:
          before && newRating
            ? {
                before: before.rating,
                after: newRating.rating,
                provisional: isProvisional(newRating),
              }
            : null,
        oldRating: newRating ? before : null,
        newRating,
      };
    }),
  };
}

/**
 * The ended race with each rated runner's new rating (`ratedRunners`: known rating, not kicked,
 * one seat per device), each pair the race decided one game. Fewer than two rated runners:
 * nothing changes.
 */
function rated(race: Race): Race {
  const order = ratedRunners(race);
  if (order.length < 2) return race;
  const after = rateRace(
    order.map((runner) => ({
      outcome: runner.status,
      timeMs: timeOf(race, runner),
      rating: runner.rating!,
    })),
  );
  const next = new Map(order.map((runner, i) => [runner.playerId, after[i] ?? null]));
  const runners = race.runners.map((runner) => ({
    ...runner,
    newRating: next.get(runner.playerId) ?? null,
  }));
  return { ...race, runners };
}

/**
 * Back to the lobby: ready flags set after the race ("play again") are kept, the race's
 * results stay as `lastRace` until the next start.
 */
export function rematch(room: Room, command: CommandOf<'rematch'>): Transition<object> {
  const refusal = rematchRefusal(room, seatHeldBy(room, command.connectionId));
  if (refusal) return refusal;
  return success(afterRace(room), NOTHING, [STATE]);
}

/** The lobby a finished room returns to (a rematch, or a restart after the race). */
export function afterRace(room: Room): Room {
  return { ...room, phase: 'lobby', race: null, lastRace: room.race && lastRaceOf(room.race) };
}

function lastRaceOf(race: Race): LastRaceView {
  return {
    id: race.id,
    variant: race.variant,
    difficulty: race.difficulty,
    endedBy: race.endedBy ?? 'players',
    standings: standingsOf(race),
    teams: teamsOf(race, true),
  };
}
