import { ErrorCode } from '@percent/protocol';
import type { RaceRecord } from '../store/store.ts';
import { standingsOf } from './progress.ts';
import { failure, isRaceOn, requireHost, success } from './room.ts';
import type { Command, Outcome, Race, Room, RoomEvent, Runner } from './types.ts';

type Of<T extends Command['type']> = Extract<Command, { type: T }>;

/** Why `playerId` may not start a race now, or null. Checked before a puzzle is drawn. */
export function startRefusal(room: Room, playerId: string): Outcome | null {
  const notHost = requireHost(room, playerId);
  if (notHost) return notHost;
  if (room.phase !== 'lobby') return failure(ErrorCode.wrongPhase, `the room is in ${room.phase}`);
  const waiting = room.seats.filter((seat) => seat.id !== room.hostId && !seat.ready);
  if (waiting.length > 0) {
    const names = waiting.map((seat) => seat.nickname).join(', ');
    return failure(ErrorCode.notReady, `not ready: ${names}`);
  }
  return null;
}

export function start(room: Room, command: Of<'start'>, now: number): Outcome {
  const refusal = startRefusal(room, command.playerId);
  if (refusal) return refusal;
  const { draw } = command;
  const startsAt = now + command.countdownMs;
  const limit = room.settings.timeLimitSec;
  const race: Race = {
    id: command.raceId,
    variant: draw.variant,
    difficulty: draw.difficulty,
    puzzle: draw.puzzle,
    solution: draw.solution,
    rules: room.settings,
    startsAt,
    endsAt: limit === null ? null : startsAt + limit * 1000,
    endedAt: null,
    runners: room.seats.map((seat) => ({
      playerId: seat.id,
      deviceId: seat.deviceId,
      nickname: seat.nickname,
      board: draw.puzzle,
      mistakes: 0,
      status: 'racing',
      finishedAt: null,
      acks: {},
    })),
    moves: [],
  };
  const events: RoomEvent[] = [
    { type: 'changed' },
    { type: 'schedule', key: 'begin', at: startsAt, command: { type: 'begin', raceId: race.id } },
  ];
  if (race.endsAt !== null) {
    const command = { type: 'timeUp', raceId: race.id } as const;
    events.push({ type: 'schedule', key: 'timeUp', at: race.endsAt, command });
  }
  return success({ ...room, phase: 'countdown', race }, events);
}

export function begin(room: Room, command: Of<'begin'>): Outcome {
  if (room.phase !== 'countdown' || room.race?.id !== command.raceId) return success(room, []);
  return success({ ...room, phase: 'racing' }, [{ type: 'changed' }]);
}

export function timeUp(room: Room, command: Of<'timeUp'>, now: number): Outcome {
  const race = room.race;
  if (!isRaceOn(room) || race?.id !== command.raceId) return success(room, []);
  const runners = race.runners.map((runner): Runner =>
    runner.status === 'racing' ? { ...runner, status: 'timeout' } : runner,
  );
  return endRace({ ...room, race: { ...race, runners } }, now);
}

/** A runner who left (or was kicked, or whose grace expired) stops racing. */
export function withdraw(room: Room, playerId: string): Room {
  const race = room.race;
  if (!isRaceOn(room) || !race) return room;
  const runners = race.runners.map((runner): Runner =>
    runner.playerId === playerId && runner.status === 'racing'
      ? { ...runner, status: 'left' }
      : runner,
  );
  return { ...room, race: { ...race, runners } };
}

/** Ends the race when nobody is racing any more; otherwise leaves the room as it is. */
export function endIfDone(room: Room, now: number, events: readonly RoomEvent[]): Outcome {
  const race = room.race;
  if (!isRaceOn(room) || !race || race.runners.some((runner) => runner.status === 'racing')) {
    return success(room, events);
  }
  const ended = endRace(room, now);
  return ended.ok ? success(ended.room, [...events, ...ended.events]) : ended;
}

function endRace(room: Room, now: number): Outcome {
  const race = { ...room.race!, endedAt: now };
  const ended: Room = { ...room, phase: 'finished', race };
  return success(ended, [
    { type: 'raceEnded', record: recordOf(ended.code, race) },
    { type: 'changed' },
  ]);
}

function recordOf(roomCode: string, race: Race): RaceRecord {
  const runners = new Map(race.runners.map((runner) => [runner.playerId, runner]));
  return {
    id: race.id,
    roomCode,
    variant: race.variant,
    difficulty: race.difficulty,
    puzzle: race.puzzle,
    solution: race.solution,
    startedAt: race.startsAt,
    endedAt: race.endedAt!,
    players: standingsOf(race).map((row) => ({
      playerId: row.playerId,
      deviceId: runners.get(row.playerId)!.deviceId,
      nickname: row.nickname,
      place: row.place,
      timeMs: row.timeMs,
      mistakes: row.mistakes,
      outcome: row.outcome === 'racing' ? 'timeout' : row.outcome,
    })),
    moves: race.moves,
  };
}

export function rematch(room: Room, command: Of<'rematch'>): Outcome {
  const notHost = requireHost(room, command.playerId);
  if (notHost) return notHost;
  if (room.phase !== 'finished') {
    return failure(ErrorCode.wrongPhase, 'a rematch can follow only a finished race');
  }
  const seats = room.seats.map((seat) => ({ ...seat, ready: false }));
  return success({ ...room, phase: 'lobby', race: null, seats }, [{ type: 'changed' }]);
}
