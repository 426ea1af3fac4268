import { ErrorCode, START_RATING, type TeamProgress, type TeamView } from '@percent/protocol';
import { teamRefusal } from './permissions.ts';
import { progressOf, timeOf } from './progress.ts';
import { failure, NOTHING, seatHeldBy, seatOf, STATE, success } from './room.ts';
import type { CommandOf, Race, Room, Runner, Seat, Transition } from './types.ts';

/**
 * Team races (`RoomSettings.teams`: 2–4 teams). The host's seats are split into teams —
 * balanced by rating when teams are switched on or `team:balance` is sent, by hand with
 * `team:set` — and a newcomer joins the smallest team. Each player races their own board; a
 * team's progress is its members' added up; a team is complete when every member finished. Teams
 * rank: complete teams by their slowest member's time, then the others by cells filled, then by
 * members finished; level teams share a place. The race ends once its order is decided — every
 * team but one complete — or as any race does.
 */

/** `team:set`: the host moves a playing seat to `team`. */
export function setTeam(room: Room, command: CommandOf<'setTeam'>): Transition<object> {
  const refusal = teamRefusal(room, seatHeldBy(room, command.connectionId));
  if (refusal) return refusal;
  const target = seatOf(room, command.target);
  if (!target) return failure(ErrorCode.playerNotFound, `no player ${command.target}`);
  if (!target.plays)
    return failure(ErrorCode.badPayload, `team:set: playerId: ${target.nickname} sits races out`);
  const teams = room.settings.teams!;
  if (command.team >= teams)
    return failure(
      ErrorCode.badPayload,
      `team:set: team: the room has ${teams} teams (0–${teams - 1})`,
    );
  if (target.team === command.team) return success(room, NOTHING);
  const seats = room.seats.map((s) => (s.id === target.id ? { ...s, team: command.team } : s));
  return success({ ...room, seats }, NOTHING, [STATE]);
}

/** `team:balance`: every playing seat dealt again into teams of close total rating. */
export function balanceTeams(room: Room, command: CommandOf<'balanceTeams'>): Transition<object> {
  const refusal = teamRefusal(room, seatHeldBy(room, command.connectionId));
  if (refusal) return refusal;
  return success(withTeams(room), NOTHING, [STATE]);
}

const ratingOf = (seat: Seat): number => seat.rating?.rating ?? START_RATING;

/**
 * The room's seats dealt into `settings.teams` teams (none: every team null): the strongest
 * first, each to the team with the fewest members, then the lowest total rating, then the
 * lowest index. Seats that sit out have no team.
 */
export function withTeams(room: Room): Room {
  const teams = room.settings.teams;
  if (teams === null) return { ...room, seats: room.seats.map((s) => ({ ...s, team: null })) };
  const order = room.seats
    .map((seat, index) => ({ seat, index }))
    .filter(({ seat }) => seat.plays)
    .sort((a, b) => ratingOf(b.seat) - ratingOf(a.seat) || a.index - b.index);
  const size = new Array<number>(teams).fill(0);
  const total = new Array<number>(teams).fill(0);
  const dealt = new Map<string, number>();
  for (const { seat } of order) {
    const team = weakest(size, total);
    dealt.set(seat.id, team);
    size[team]! += 1;
    total[team]! += ratingOf(seat);
  }
  return { ...room, seats: room.seats.map((s) => ({ ...s, team: dealt.get(s.id) ?? null })) };
}

/** The team a newcomer (or a seat that plays again) joins: the smallest, then the weakest. */
export function teamForNewcomer(room: Room): number | null {
  const teams = room.settings.teams;
  if (teams === null) return null;
  const size = new Array<number>(teams).fill(0);
  const total = new Array<number>(teams).fill(0);
  for (const seat of room.seats)
    if (seat.plays && seat.team !== null && seat.team < teams) {
      size[seat.team]! += 1;
      total[seat.team]! += ratingOf(seat);
    }
  return weakest(size, total);
}

function weakest(size: readonly number[], total: readonly number[]): number {
  let best = 0;
  for (let team = 1; team < size.length; team++)
    if (size[team]! < size[best]! || (size[team] === size[best] && total[team]! < total[best]!))
      best = team;
  return best;
}

/** A team's progress now: its runners' progress added up. */
export function teamProgressOf(race: Race, team: number): TeamProgress {
  const members = race.runners.filter((r) => r.team === team);
  let filled = 0;
  let blanks = 0;
  for (const runner of members) {
    const progress = progressOf(race, runner);
    filled += progress.filled;
    blanks += progress.blanks;
  }
  const finished = members.filter(isDone).length;
  return {
    team,
    filled,
    blanks,
    percent: blanks === 0 ? 100 : Math.round((100 * filled) / blanks),
    finished,
    complete: members.length > 0 && finished === members.length,
  };
}

/** Finished with a place (a `tooFast` finish does not count for the team). */
const isDone = (runner: Runner): boolean => runner.status === 'finished' && !runner.tooFast;

/** Every team of a team race, best first; places once the race has ended. Null: no teams. */
export function teamsOf(race: Race, ended: boolean): TeamView[] | null {
  const teams = race.rules.teams;
  if (teams === null) return null;
  const rows = Array.from({ length: teams }, (_, team) => {
    const members = race.runners.filter((r) => r.team === team);
    const progress = teamProgressOf(race, team);
    const times = members.map((r) => timeOf(race, r) ?? 0);
    const timeMs = progress.complete ? Math.max(...times) : null;
    return { ...progress, members: members.map((r) => r.playerId), timeMs, place: null };
  });
  rows.sort(compareTeams);
  return rows.map((row) => {
    if (!ended) return row;
    const level = rows.findIndex((other) => compareTeams(other, row) === 0);
    return { ...row, place: level + 1 };
  });
}

function compareTeams(a: TeamView, b: TeamView): number {
  if (a.complete !== b.complete) return a.complete ? -1 : 1;
  if (a.complete) return a.timeMs! - b.timeMs!;
  return b.filled - a.filled || b.finished - a.finished;
}

/** The race's order is decided: every team but (at most) one is complete. */
export function teamsDecided(race: Race): boolean {
  const teams = race.rules.teams;
  if (teams === null) return false;
  let complete = 0;
  for (let team = 0; team < teams; team++) if (teamProgressOf(race, team).complete) complete++;
  return complete >= 1 && complete >= teams - 1;
}
