import {
  roomLink,
  type PlayerView,
  type ProgressEvent,
  type RaceView,
  type RoomView,
  type RoomSummaryView,
  type SeatReply,
} from '@percent/protocol';
import { placeOf, progressOf, standingsOf, timeOf } from './progress.ts';
import { isRated, ratingView, unratedByRules, unratedReason } from './ratings.ts';
import { permissionsFor } from './permissions.ts';
import { blindTo } from './secrecy.ts';
import { tournamentView } from './tournament.ts';
import { teamProgressOf, teamsOf } from './teams.ts';
import { handicapsOf } from './handicap.ts';
import type { Race, Recipient, Room } from './types.ts';

export type { Recipient };

export function viewFor(room: Room, recipient: Recipient, now: number): RoomView {
  const runners = new Map(room.race?.runners.map((r) => [r.playerId, r]));
  const players = room.seats.map((seat): PlayerView => {
    const runner = runners.get(seat.id);
    return {
      id: seat.id,
      nickname: seat.nickname,
      host: seat.id === room.hostId,
      ready: seat.ready,
      connection: seat.connectionId !== null ? 'online' : 'reconnecting',
      plays: seat.plays,
      colour: seat.colour,
      team: seat.team,
      rating: seat.rating && ratingView(seat.rating),
      race:
        runner && room.race
          ? {
              status: runner.status,
              progress: progressOf(room.race, runner),
              timeMs: timeOf(room.race, runner),
              place: placeOf(room.race, runner),
            }
          : null,
    };
  });
  return {
    code: room.code,
    link: roomLink(room.code),
    phase: room.phase,
    settings: room.settings,
    hostId: room.hostId,
    players,
    spectators: room.spectators.length,
    race: room.race ? raceView(room, room.race, recipient, now) : null,
    lastRace: room.lastRace,
    // Its grade and size only: the cells reach every player at the start, as a drawn puzzle's.
    imported: room.imported && {
      variant: room.imported.variant,
      difficulty: room.imported.difficulty,
      clues: room.imported.clues,
    },
    tournament: tournamentView(room),
    unratedRules: unratedByRules(room.settings, room.imported !== null),
    handicaps: handicapsOf(room),
    you: {
      role: recipient.role,
      playerId: recipient.role === 'player' ? recipient.playerId : null,
      can: permissionsFor(room, recipient),
    },
    serverNow: now,
  };
}

function raceView(room: Room, race: Race, recipient: Recipient, now: number): RaceView {
  const ended = room.phase === 'finished';
  const mine =
    recipient.role === 'player'
      ? race.runners.find((r) => r.playerId === recipient.playerId)
      : undefined;
  // A runner waiting out the others' head start sees no puzzle yet (nor anyone's board).
  const shown = room.phase !== 'countdown' && (ended || mine?.released !== false);
  const own = mine?.board ?? null;
  return {
    id: race.id,
    variant: race.variant,
    difficulty: race.difficulty,
    rated: isRated(race),
    unrated: unratedReason(race),
    commitment: race.commitment,
    secret: ended ? race.secret : null,
    startsAt: race.startsAt,
    endsAt: race.endsAt,
    endedAt: race.endedAt,
    endedBy: race.endedBy,
    puzzle: shown ? race.puzzle : null,
    own: shown ? own : null,
    boards: shown ? visibleBoards(room, race, recipient, now) : null,
    solution: ended ? race.solution : null,
    standings: ended ? standingsOf(race) : null,
    teams: teamsOf(race, ended),
    pausedMs: race.pausedMs,
  };
}

/**
 * True when the recipient sees the race as a spectator does: a spectator, or a seat with no
 * runner in the race (it sits races out). A runner never does, even once out of the race.
 */
export function watches(room: Room, recipient: Recipient): boolean {
  if (recipient.role === 'spectator') return true;
  return !room.race?.runners.some((r) => r.playerId === recipient.playerId);
}

/** Everyone sees every board after the race; during it only spectators, per the host's rule. */
function visibleBoards(
  room: Room,
  race: Race,
  recipient: Recipient,
  now: number,
): Record<string, string> | null {
  if (room.phase === 'finished') return boardsAt(race, Infinity);
  if (!watches(room, recipient) || blindTo(room, recipient)) return null;
  const rule = race.rules.spectatorDigits;
  if (rule.kind === 'live') return boardsAt(race, Infinity);
  if (rule.kind === 'delay') return boardsAt(race, now - rule.seconds * 1000);
  return null;
}

/** Every runner's board as it stood at `time` (replayed from the move log). */
function boardsAt(race: Race, time: number): Record<string, string> {
  if (time === Infinity) {
    return Object.fromEntries(race.runners.map((r) => [r.playerId, r.board]));
  }
  const boards = new Map(race.runners.map((r) => [r.playerId, race.puzzle.split('')]));
  for (const m of race.moves) {
    if (m.at > time) break;
    const board = boards.get(m.playerId);
    if (!board || m.verdict === 'wrong') continue;
    board[m.cell] = String(m.digit);
  }
  return Object.fromEntries([...boards].map(([id, cells]) => [id, cells.join('')]));
}

/** One `race:progress` batch and the members shown exactly it. */
export interface ProgressDelivery {
  readonly connectionIds: readonly string[];
  readonly events: ProgressEvent[];
}

/**
 * Every member's `race:progress` after the players in `moved` moved (in that order), built
 * once per change rather than once per member: a batch holds each moved player's latest
 * progress as `progressEventFor` shows it to the member, except the member's own (the
 * acknowledgement of its move carries that). Each event is made once per kind of viewer (with
 * the board or without), and members shown the same batch share one delivery, so the transport
 * serialises it once. Members with nothing to be told get none.
 */
export function progressDeliveries(room: Room, moved: readonly string[]): ProgressDelivery[] {
  const events = new Map<string, ProgressEvent | null>();
  const eventOf = (playerId: string, board: boolean): ProgressEvent | null => {
    const key = `${board ? 'b' : '-'}${playerId}`;
    if (!events.has(key)) events.set(key, progressEvent(room, playerId, board));
    return events.get(key)!;
  };
  const deliveries = new Map<string, { connectionIds: string[]; events: ProgressEvent[] }>();
  for (const { connectionId, recipient } of membersOf(room)) {
    const own = recipient.role === 'player' && moved.includes(recipient.playerId);
    const board = showsBoards(room, recipient);
    // Members differ only in whether boards are shown and in which moved player is themselves.
    const key = `${board ? 'b' : '-'}${own ? recipient.playerId : ''}`;
    let delivery = deliveries.get(key);
    if (!delivery) {
      const skip = own ? recipient.playerId : null;
      const batch = moved.flatMap((id) => (id === skip ? [] : (eventOf(id, board) ?? [])));
      delivery = { connectionIds: [], events: batch };
      deliveries.set(key, delivery);
    }
    delivery.connectionIds.push(connectionId);
  }
  return [...deliveries.values()].filter((delivery) => delivery.events.length > 0);
}

/** What `recipient` is told when `playerId` moved: its progress, and its board if shown. */
export function progressEventFor(
  room: Room,
  playerId: string,
  recipient: Recipient,
): ProgressEvent | null {
  return progressEvent(room, playerId, showsBoards(room, recipient));
}

/** Whether `recipient` sees the runners' boards live (a spectator under `live`, not blind). */
const showsBoards = (room: Room, recipient: Recipient): boolean =>
  room.race !== null &&
  watches(room, recipient) &&
  !blindTo(room, recipient) &&
  room.race.rules.spectatorDigits.kind === 'live';

function progressEvent(room: Room, playerId: string, board: boolean): ProgressEvent | null {
  const race = room.race;
  const runner = race?.runners.find((r) => r.playerId === playerId);
  if (!race || !runner) return null;
  return {
    playerId,
    status: runner.status,
    progress: progressOf(race, runner),
    timeMs: timeOf(race, runner),
    place: placeOf(race, runner),
    board: board ? runner.board : null,
    team: runner.team === null ? null : teamProgressOf(race, runner.team),
  };
}

/** The room as its join link shows it to someone not in it: no names, no tokens, no digits. */
export function summaryOf(room: Room): RoomSummaryView {
  return {
    code: room.code,
    phase: room.phase,
    players: room.seats.length,
    maxPlayers: room.settings.maxPlayers,
    spectators: room.spectators.length,
    locked: room.settings.locked,
    variant: room.settings.variant,
    difficulty: room.settings.difficulty,
  };
}

/** A member of the room: the connection and what it may see. */
export interface Member {
  readonly connectionId: string;
  readonly recipient: Recipient;
}

/** Every connection in the room: seated players who are online, then spectators. */
export function membersOf(room: Room): Member[] {
  const members: Member[] = [];
  for (const seat of room.seats) {
    if (seat.connectionId === null) continue;
    members.push({
      connectionId: seat.connectionId,
      recipient: { role: 'player', playerId: seat.id },
    });
  }
  for (const s of room.spectators) {
    const recipient = { role: 'spectator', connectionId: s.connectionId } as const;
    members.push({ connectionId: s.connectionId, recipient });
  }
  return members;
}

/**
 * The reply to a join or spectate: a player's id and `sessionToken` (`playerId` null: a
 * spectator), the grace period and the recipient's first view of the room as it is now.
 */
export function seatReply(
  room: Room,
  playerId: string | null,
  now: number,
  connectionId?: string,
): SeatReply {
  const seat = playerId === null ? undefined : room.seats.find((s) => s.id === playerId);
  const recipient: Recipient = seat
    ? { role: 'player', playerId: seat.id }
    : { role: 'spectator', connectionId };
  return {
    role: recipient.role,
    playerId: seat?.id ?? null,
    sessionToken: seat?.sessionToken ?? null,
    graceSec: Math.round(room.timings.graceMs / 1000),
    view: viewFor(room, recipient, now),
  };
}
