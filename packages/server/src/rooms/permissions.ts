import { ErrorCode, type Permissions, type StartCheck } from '@percent/protocol';
import { failure, isRaceOn, seatOf } from './room.ts';
import type { Recipient, Room, Seat, Tournament, Transition } from './types.ts';

/**
 * What a seat may do now, one rule per command (chessground's `movable.dests`, boardgame.io's
 * `enumerate`). The command handlers refuse with these same functions, and `permissionsFor`
 * puts their answers in each member's view, so a client never works a rule out for itself:
 * what it shows is exactly what the server would accept. A rule returns the error the command
 * would answer, or null when it is allowed.
 */
export type Refusal = Transition<never>;

const noSeat = (): Refusal => failure(ErrorCode.notInRoom, 'you have no seat in this room');
const notHost = (): Refusal => failure(ErrorCode.notHost, 'only the host may do this');

/** Host powers: a host who sits races out keeps every one of them. */
export function hostRefusal(room: Room, seat: Seat | undefined): Refusal | null {
  if (!seat) return noSeat();
  return room.hostId === seat.id ? null : notHost();
}

/** `race:start`: the host, in the lobby, someone playing, every other playing seat ready. */
export function startRefusal(room: Room, seat: Seat | undefined): Refusal | null {
  const host = hostRefusal(room, seat);
  if (host) return host;
  if (room.phase !== 'lobby') return failure(ErrorCode.wrongPhase, `the room is in ${room.phase}`);
  if (!room.seats.some((s) => s.plays)) {
    return failure(ErrorCode.noPlayers, 'every seat sits out: nobody would play');
  }
  const waiting = waitingFor(room);
  if (waiting.length > 0) {
    const names = waiting.map((s) => s.nickname).join(', ');
    return failure(ErrorCode.notReady, `not ready: ${names}`);
  }
  const empty = emptyTeam(room);
  if (empty !== null)
    return failure(ErrorCode.teamEmpty, `team ${empty + 1} has no player: move one in, or balance`);
  return null;
}

/** The playing seats a start waits for: not the host, not ready. */
const waitingFor = (room: Room): Seat[] =>
  room.seats.filter((s) => s.plays && s.id !== room.hostId && !s.ready);

/** `room:settings`: the host, in the lobby. */
export function settingsRefusal(room: Room, seat: Seat | undefined): Refusal | null {
  const host = hostRefusal(room, seat);
  if (host) return host;
  return room.phase === 'lobby'
    ? null
    : failure(ErrorCode.wrongPhase, 'settings change only in the lobby');
}

/** `room:kick`: the host, any phase, any other seat (mid-race: the runner counts as left). */
export function kickRefusal(room: Room, seat: Seat | undefined, target: string): Refusal | null {
  const host = hostRefusal(room, seat);
  if (host) return host;
  if (!seatOf(room, target)) return failure(ErrorCode.playerNotFound, `no player ${target}`);
  if (target === seat!.id) return failure(ErrorCode.playerNotFound, 'you cannot kick yourself');
  return null;
}

/** `room:host`: the host hands the role to another seat. */
export function transferRefusal(room: Room, seat: Seat | undefined, target: string) {
  const host = hostRefusal(room, seat);
  if (host) return host;
  if (!seatOf(room, target)) return failure(ErrorCode.playerNotFound, `no player ${target}`);
  return null;
}

/** `race:end`: the host, while a race is on (countdown or racing). */
export function endRaceRefusal(room: Room, seat: Seat | undefined): Refusal | null {
  const host = hostRefusal(room, seat);
  if (host) return host;
  return isRaceOn(room) && room.race ? null : failure(ErrorCode.wrongPhase, 'no race is running');
}

/** `race:rematch`: the host, once the race has finished. */
export function rematchRefusal(room: Room, seat: Seat | undefined): Refusal | null {
  const host = hostRefusal(room, seat);
  if (host) return host;
  return room.phase === 'finished'
    ? null
    : failure(ErrorCode.wrongPhase, 'a rematch can follow only a finished race');
}

/** `room:ready`: a seat, in the lobby or after a race (Play again). */
export function readyRefusal(room: Room, seat: Seat | undefined): Refusal | null {
  if (!seat) return noSeat();
  return room.phase === 'lobby' || room.phase === 'finished'
    ? null
    : failure(ErrorCode.wrongPhase, 'ready is for the lobby and after a race');
}

/** `room:play`: a seat, in the lobby. */
export function playRefusal(room: Room, seat: Seat | undefined): Refusal | null {
  if (!seat) return noSeat();
  return room.phase === 'lobby'
    ? null
    : failure(ErrorCode.wrongPhase, 'sitting out is for the lobby');
}

/** `race:forfeit` (and the race part of `race:move`): a runner still racing in a race that is on. */
export function runnerRefusal(room: Room, seat: Seat | undefined): Refusal | null {
  if (!seat) return noSeat();
  if (!isRaceOn(room) || !room.race) return failure(ErrorCode.wrongPhase, 'no race is running');
  const runner = room.race.runners.find((r) => r.playerId === seat.id);
  if (!runner) return failure(ErrorCode.notRacing, 'you are not in this race');
  if (runner.status !== 'racing') return failure(ErrorCode.notRacing, `you have ${runner.status}`);
  return null;
}

/** `race:move`: as `runnerRefusal`, and the puzzle is out (not in the countdown). */
export function moveRefusal(room: Room, seat: Seat | undefined): Refusal | null {
  const refusal =
    runnerRefusal(room, seat) ??
    (room.phase === 'racing' ? null : failure(ErrorCode.wrongPhase, `the race is ${room.phase}`));
  if (refusal) return refusal;
  const runner = room.race!.runners.find((r) => r.playerId === seat!.id)!;
  return runner.released
    ? null
    : failure(ErrorCode.wrongPhase, 'your puzzle appears when the others’ head start is over');
}

/** `tournament:start`: the host, between races (lobby or results), with no evening on. */
export function tournamentStartRefusal(room: Room, seat: Seat | undefined): Refusal | null {
  const host = hostRefusal(room, seat);
  if (host) return host;
  if (isRaceOn(room)) return failure(ErrorCode.wrongPhase, 'an evening starts between races');
  if (isOn(room.tournament)) {
    return failure(ErrorCode.wrongPhase, 'an evening is already on: end it first');
  }
  return null;
}

/** `tournament:end`: the host, between races, while an evening is on. */
export function tournamentEndRefusal(room: Room, seat: Seat | undefined): Refusal | null {
  const host = hostRefusal(room, seat);
  if (host) return host;
  if (!isOn(room.tournament)) return failure(ErrorCode.wrongPhase, 'no evening is on');
  if (isRaceOn(room)) return failure(ErrorCode.wrongPhase, 'end the race first');
  return null;
}

const isOn = (tournament: Tournament | null): boolean =>
  tournament !== null && tournament.endedAt === null;
/** `team:set` / `team:balance`: the host, in the lobby, with teams on. */
export function teamRefusal(room: Room, seat: Seat | undefined): Refusal | null {
  const host = hostRefusal(room, seat);
  if (host) return host;
  if (room.phase !== 'lobby') return failure(ErrorCode.wrongPhase, 'teams change in the lobby');
  if (room.settings.teams === null)
    return failure(ErrorCode.wrongPhase, 'the room plays no teams: choose a number of teams first');
  return null;
}

/** The first team with no playing seat (a team race cannot start so), or null. */
export function emptyTeam(room: Room): number | null {
  const teams = room.settings.teams;
  if (teams === null) return null;
  for (let team = 0; team < teams; team++)
    if (!room.seats.some((s) => s.plays && s.team === team)) return team;
  return null;
}

const allowed = (refusal: Refusal | null): boolean => refusal === null;

/** Every control of the recipient, from the rules above. */
export function permissionsFor(room: Room, recipient: Recipient): Permissions {
  const seat = recipient.role === 'player' ? seatOf(room, recipient.playerId) : undefined;
  const others = seat ? room.seats.filter((s) => s.id !== seat.id).map((s) => s.id) : [];
  const isHost = seat !== undefined && hostRefusal(room, seat) === null;
  return {
    // The host starts without being ready, and a seat that sits out need not be: the control
    // is for the playing seats the start waits for.
    ready: allowed(readyRefusal(room, seat)) && seat!.plays && !isHost,
    sitOut: allowed(playRefusal(room, seat)),
    start: isHost && room.phase === 'lobby' ? startCheck(room, seat) : null,
    settings: allowed(settingsRefusal(room, seat))
      ? { maxPlayersMin: Math.max(1, room.seats.length) }
      : null,
    remove: others.filter((id) => allowed(kickRefusal(room, seat, id))),
    makeHost: others.filter((id) => allowed(transferRefusal(room, seat, id))),
    endRace: allowed(endRaceRefusal(room, seat)),
    rematch: allowed(rematchRefusal(room, seat)),
    forfeit: allowed(runnerRefusal(room, seat)),
    move: allowed(moveRefusal(room, seat)),
    startTournament: allowed(tournamentStartRefusal(room, seat)),
    endTournament: allowed(tournamentEndRefusal(room, seat)),
    teams: allowed(teamRefusal(room, seat)),
  };
}

function startCheck(room: Room, seat: Seat | undefined): StartCheck {
  const refusal = startRefusal(room, seat);
  return {
    allowed: refusal === null,
    refusal: refusal && !refusal.ok ? refusal.error : null,
    waitingFor: waitingFor(room).map((s) => s.id),
  };
}
